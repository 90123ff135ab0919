// Writes src/mcp/tool-list.json: the answer to tools/list, as the MCP SDK makes it from the tools'
// zod schemas (scripts/mcp/tool-list.ts). `shorty mcp` answers that file instead of converting
// the 74 schemas at every start; a test fails when it is stale. The generator is TypeScript that
// imports the sources: it is bundled first, as the CLI is.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBundledTs } from './bundled-ts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
await withBundledTs(root, 'scripts/mcp/tool-list.ts', async ({ liveToolList, toolListText, TOOL_LIST_FILE }) => {
  const tools = await liveToolList();
  writeFileSync(join(root, TOOL_LIST_FILE), toolListText(tools));
  console.error(`${TOOL_LIST_FILE}: ${tools.length} tools`);
});
