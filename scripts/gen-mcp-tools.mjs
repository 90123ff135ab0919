// Writes src/mcp/tool-list.json: the answer to tools/list, as the MCP SDK makes it from the tools'
// zod schemas (scripts/mcp/tool-list.ts). `shorty mcp` answers that file instead of converting
// the 74 schemas at every start; a test fails when it is stale. The generator is TypeScript that
// imports the sources: it is bundled first, as the CLI is.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the project, so that the bundle's imports resolve to its node_modules.
const cache = join(root, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(join(cache, 'shorty-mcp-tools-'));
try {
  const bundle = join(out, 'tool-list.mjs');
  await build({
    entryPoints: [join(root, 'scripts/mcp/tool-list.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const { liveToolList, toolListText, TOOL_LIST_FILE } = await import(pathToFileURL(bundle).href);
  const tools = await liveToolList();
  writeFileSync(join(root, TOOL_LIST_FILE), toolListText(tools));
  console.error(`${TOOL_LIST_FILE}: ${tools.length} tools`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
