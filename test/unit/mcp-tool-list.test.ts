// `shorty mcp` answers tools/list from src/mcp/tool-list.json instead of converting every tool's
// zod schemas at each start: the file must be what the SDK's own handler makes of them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveToolList, TOOL_LIST_FILE, toolListText, toolsListedBy } from '../../scripts/mcp/tool-list.js';
import type { Context } from '../../src/context.js';
import { createServer } from '../../src/mcp/server.js';
import { ROOT } from '../helpers/cli.js';

describe('src/mcp/tool-list.json', () => {
  it("is the SDK's answer to tools/list for the tools as declared", async () => {
    const committed = readFileSync(join(ROOT, TOOL_LIST_FILE), 'utf8');
    expect(committed, 'run `npm run mcp-tools`').toBe(toolListText(await liveToolList()));
  });

  it('is what the server answers, every tool and with --read-only', async () => {
    for (const readOnly of [false, true]) {
      const served = await toolsListedBy(createServer({} as Context, { readOnly }));
      expect(served, `readOnly: ${readOnly}`).toEqual(await liveToolList(readOnly));
    }
    expect((await liveToolList(true)).length).toBeGreaterThan(10);
  });
});
