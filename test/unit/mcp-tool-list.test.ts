// `shorty mcp` answers tools/list from src/mcp/tool-list.json instead of converting every tool's
// zod schemas at each start: the file must be what the SDK's own handler makes of them, for every
// choice of tools the flags make (--read-only, --tools, --exclude-tools, with and without --files).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LISTING_FILES,
  liveToolList,
  TOOL_LIST_FILE,
  toolListText,
  toolsListedBy,
} from '../../scripts/mcp/tool-list.js';
import type { Context } from '../../src/context.js';
import { createServer } from '../../src/mcp/server.js';
import type { RegisterOptions } from '../../src/mcp/tool.js';
import { ROOT } from '../helpers/cli.js';

describe('src/mcp/tool-list.json', () => {
  it("is the SDK's answer to tools/list for the tools as declared", async () => {
    const committed = readFileSync(join(ROOT, TOOL_LIST_FILE), 'utf8');
    expect(committed, 'run `npm run mcp-tools`').toBe(toolListText(await liveToolList()));
  });

  it('is what the server answers, whatever the flags', async () => {
    const choices: RegisterOptions[] = [
      { readOnly: false },
      { readOnly: true },
      { readOnly: false, files: LISTING_FILES },
      { readOnly: true, files: LISTING_FILES },
      { readOnly: false, tools: ['links_list', 'import_plan', 'links_delete'] },
      { readOnly: true, tools: ['links_list', 'import_plan', 'links_delete'] },
      { readOnly: false, excludeTools: ['links_delete', 'import_run'], files: LISTING_FILES },
    ];
    for (const opts of choices) {
      const served = await toolsListedBy(createServer({} as Context, opts));
      expect(served, JSON.stringify(opts)).toEqual(await liveToolList(opts));
    }
    expect((await liveToolList({ readOnly: true })).length).toBeGreaterThan(10);
  });

  it('a path input is offered with --files only', async () => {
    const plan = (tools: { name: string; inputSchema: { properties?: object } }[]) =>
      tools.find((tool) => tool.name === 'import_plan')?.inputSchema.properties ?? {};
    expect(plan(await liveToolList({ readOnly: false }))).not.toHaveProperty('file');
    expect(plan(await liveToolList({ readOnly: false, files: LISTING_FILES }))).toHaveProperty('file');
  });
});
