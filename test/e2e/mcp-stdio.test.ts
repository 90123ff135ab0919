// `shorty mcp` as an assistant starts it: the built CLI as a child process, spoken to over its
// stdin and stdout by the SDK's client. The process is the subject here: stdout must carry the
// protocol and nothing else, logs go to stderr, and the server ends when the client closes its
// stdin. What the tools do is tested in-process (test/commands/mcp.test.ts).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { type StartedSandbox, startSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

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

const childEnv = (configDir = tempDir('shorty-mcp-stdio-')) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  SHORTY_CONFIG_DIR: configDir,
  SHORTY_BASE_URL: sandbox.baseUrl,
  SHORTY_API_KEY: KEY,
});

/** `shorty mcp` spoken to line by line, as a client that is not the SDK's would. */
function rawServer(args: string[] = []) {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'shorty.js'), 'mcp', ...args], { env: childEnv() });
  const answers = new Map<unknown, any>();
  const waiting = new Map<unknown, (answer: any) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line);
    answers.set(message.id, message);
    waiting.get(message.id)?.(message);
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    send: (text: string) => child.stdin.write(text),
    answer: (id: unknown) =>
      answers.has(id) ? Promise.resolve(answers.get(id)) : new Promise<any>((resolve) => waiting.set(id, resolve)),
    end: () => child.stdin.end(),
    exited,
    stderr: () => stderr,
  };
}

const INITIALIZE =
  `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n` +
  `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`;

describe('the wire', () => {
  it('a call sent just before stdin closes is answered, then the server exits 0', async () => {
    const server = rawServer();
    server.send(INITIALIZE);
    server.send(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'links_add', arguments: { urls: ['https://example.com/last-call'] } } })}\n`,
    );
    server.end();
    const answer = await server.answer(1);
    expect(answer.result.isError).toBeFalsy();
    expect(answer.result.structuredContent.results[0].record.longurl).toBe('https://example.com/last-call');
    expect(await server.exited).toBe(0);
  });

  it('a line that is not JSON is -32700, not a message -32600, one over 16 MiB -32600: the server goes on', async () => {
    const server = rawServer();
    server.send(INITIALIZE);
    server.send('{"jsonrpc": "2.0", "id": 5, "method": \n');
    server.send(`${JSON.stringify({ jsonrpc: '2.0', id: 6, nonsense: true })}\n`);
    server.send(
      `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"links_list","arguments":{"x":"${'a'.repeat(17 * 1024 * 1024)}"}}}\n`,
    );
    server.send(`${JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list' })}\n`);
    expect((await server.answer(null)).error.code).toBe(-32700);
    expect((await server.answer(6)).error.code).toBe(-32600);
    expect((await server.answer(7)).error).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/message over/),
    });
    expect((await server.answer(8)).result.tools.length).toBeGreaterThan(10);
    server.end();
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toMatch(/shorty: mcp: refused a message from the client/);
  });

  it('--tools offers exactly the named tools; an unknown name is exit 2 naming the valid ones', async () => {
    const server = rawServer(['--tools', 'links_list,links_get', '--read-only']);
    server.send(INITIALIZE);
    server.send(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })}\n`);
    expect((await server.answer(1)).result.tools.map((t: { name: string }) => t.name)).toEqual([
      'links_list',
      'links_get',
    ]);
    server.end();
    expect(await server.exited).toBe(0);

    const wrong = rawServer(['--exclude-tools', 'links_list,links_zap']);
    expect(await wrong.exited).toBe(2);
    expect(wrong.stderr()).toMatch(
      /^shorty: --exclude-tools: no tool named "links_zap"\nhint: the tools: links_list, links_get, /,
    );
  });
});

describe('confirmation over stdio', () => {
  it('a client with elicitation is asked, and its decline sends nothing', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'bin', 'shorty.js'), 'mcp'],
      env: childEnv(),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'asking', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: asked.length === 1 ? 'decline' : 'accept' };
    });
    await client.connect(transport);
    const link = (
      (await client.callTool({ name: 'links_add', arguments: { urls: ['https://example.com/asked'] } }))
        .structuredContent as any
    ).results[0].record;
    const declined = await client.callTool({
      name: 'links_delete',
      arguments: { links: [String(link.id)], confirm: true },
    });
    expect(declined.isError).toBe(true);
    expect(JSON.stringify(declined.content)).toMatch(/the user declined to delete 1 link/);
    const accepted = await client.callTool({ name: 'links_delete', arguments: { links: [String(link.id)] } });
    expect((accepted.structuredContent as any).done).toBe(1);
    expect(asked).toEqual([
      `links_delete will delete 1 link: ${link.id}. Go ahead?`,
      `links_delete will delete 1 link: ${link.id}. Go ahead?`,
    ]);
    await client.close();
  });
});

describe('--max-wait beside a CLI process of the same key', () => {
  it('while `urls import` holds the budget, a call answers rate limited within its bound, sending nothing', async () => {
    const paced = await startSandbox({ apiKey: KEY, rateLimit: '3/60s' });
    const configDir = tempDir('shorty-mcp-beside-');
    const env = { ...childEnv(configDir), SHORTY_BASE_URL: paced.baseUrl, SHORTY_RATE_LIMIT: '3/60s' };
    const csv = join(configDir, 'links.csv');
    writeFileSync(csv, `url\n${Array.from({ length: 6 }, (_, i) => `https://example.com/beside/${i}`).join('\n')}\n`);
    const cli = spawn(process.execPath, [join(ROOT, 'bin', 'shorty.js'), 'urls', 'import', csv], { env });
    let cliErr = '';
    cli.stderr.on('data', (chunk: Buffer) => (cliErr += chunk.toString()));
    try {
      await until(() => /waiting .* for the rate limit/.test(cliErr));
      const sent = (await paced.admin.stats()).requests;
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [join(ROOT, 'bin', 'shorty.js'), 'mcp', '--max-wait', '5'],
        env,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'beside', version: '1.0.0' });
      await client.connect(transport);
      const answer = await client.callTool({ name: 'links_get', arguments: { link: 'some-alias' } });
      expect(answer.isError).toBe(true);
      const failed = JSON.parse((answer.content as { text: string }[])[1].text);
      expect(failed).toMatchObject({ error: 'rate_limited', exitCode: 4 });
      expect(failed.retryAfterSeconds).toBeGreaterThan(5);
      expect((await paced.admin.stats()).requests).toBe(sent);
      await client.close();
    } finally {
      cli.kill('SIGTERM');
      await new Promise((resolve) => cli.once('exit', resolve));
      await paced.close();
    }
  });
});
