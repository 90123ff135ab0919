// `shorty mcp` as an assistant starts it: the built CLI as a child process, spoken to over its
// stdin and stdout by the SDK's client. The process is the subject here: stdout must carry the
// protocol and nothing else, logs go to stderr, and the server ends when the client closes its
// stdin. What the tools do is tested in-process (test/commands/mcp.test.ts).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { type StartedSandbox, startSandbox } from '../helpers/sandbox.js';

const KEY = 'sk_stdio_recognisable_0a1b2c3d4e5f60718293';
let sandbox: StartedSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ apiKey: KEY });
});
afterAll(() => sandbox?.close());

describe('shorty mcp over stdio', () => {
  it('lists and calls tools, logs only to stderr, and exits 0 when the client closes', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'bin', 'shorty.js'), 'mcp', '--debug'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        SHORTY_CONFIG_DIR: tempDir('shorty-mcp-stdio-'),
        SHORTY_BASE_URL: sandbox.baseUrl,
        SHORTY_API_KEY: KEY,
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const errors: Error[] = [];
    transport.onerror = (err) => errors.push(err);
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
    const exited = new Promise<number | null>((resolve) => {
      const child = (transport as unknown as { _process: import('node:child_process').ChildProcess })._process;
      child.once('exit', (code) => resolve(code));
    });

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('links_add');
    const added = await client.callTool({ name: 'links_add', arguments: { urls: ['https://example.com/stdio'] } });
    expect(added.isError).toBeFalsy();
    expect((added.structuredContent as any).results[0].record.longurl).toBe('https://example.com/stdio');
    const refused = await client.callTool({ name: 'links_delete', arguments: { links: ['1'] } });
    expect(refused.isError).toBe(true);

    await client.close();
    expect(await exited).toBe(0);
    // --debug logs every request to stderr (never stdout, which a stray line would break: errors
    // would hold the client's parse failure), the key masked.
    expect(errors).toEqual([]);
    expect(stderr).toMatch(/POST .*\/api\/url\/add/);
    expect(stderr).not.toContain(KEY);
  });
});
