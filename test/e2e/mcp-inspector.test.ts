// The MCP Inspector's CLI mode (@modelcontextprotocol/inspector-cli) as an outside client of the
// built `shorty mcp`, against the sandbox: what docs/mcp.md shows a user running by hand.
import { execa } from 'execa';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { type StartedSandbox, startSandbox } from '../helpers/sandbox.js';

// Its main module is the CLI itself (build/cli.js).
const INSPECTOR = fileURLToPath(import.meta.resolve('@modelcontextprotocol/inspector-cli'));

let sandbox: StartedSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describe('the MCP Inspector CLI against shorty mcp', () => {
  it('lists the tools, adds a link, and deletes it with confirm=true', async () => {
    const home = tempDir('shorty-inspector-');
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: home,
      SHORTY_CONFIG_DIR: join(home, 'config'),
      SHORTY_BASE_URL: sandbox.baseUrl,
      SHORTY_API_KEY: sandbox.apiKey,
    };
    // inspector-cli 1.0.3 finds its own package.json by testing `../package.json` from the working
    // directory (then imports it relative to itself): a folder with a package.json above it.
    const cwd = join(home, 'work');
    mkdirSync(cwd);
    writeFileSync(join(home, 'package.json'), '{}\n');
    const inspect = async (...args: string[]) => {
      const run = await execa(
        process.execPath,
        [INSPECTOR, '--cli', process.execPath, join(ROOT, 'bin', 'shorty.js'), 'mcp', ...args],
        { env, extendEnv: false, cwd },
      );
      return JSON.parse(run.stdout);
    };
    const { tools } = await inspect('--method', 'tools/list');
    expect(tools.map((t: { name: string }) => t.name)).toContain('links_delete');
    const added = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'links_add',
      '--tool-arg',
      'urls=["https://example.com/inspected"]',
      '--tool-arg',
      'custom=inspected',
    );
    expect(added.structuredContent.results[0].record).toMatchObject({ alias: 'inspected' });
    const refused = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'links_delete',
      '--tool-arg',
      'links=["inspected"]',
    );
    expect(refused.isError).toBe(true);
    const deleted = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'links_delete',
      '--tool-arg',
      'links=["inspected"]',
      '--tool-arg',
      'confirm=true',
    );
    expect(deleted.structuredContent).toMatchObject({ done: 1, failed: 0 });
    expect((await sandbox.admin.stats()).links).toBe(0);
  });
});
