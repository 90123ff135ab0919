import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, run } = useSandboxCli({ resetData: true, inProcess: true });

const shorty = (args: string[], input?: string) => run(args, { input });

async function modernRequests() {
  return (await sandbox.admin.requests()).filter((r) => r.api === 'modern');
}

describe('shorty api', () => {
  test('GET prints the response JSON, pretty, and accepts a pasted /api prefix and any case', async () => {
    const res = await shorty(['api', 'get', '/api/account', '--debug']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toMatch(/^\{\n {2}"error": 0,\n {2}"data": \{/);
    expect(JSON.parse(res.stdout).data.email).toEqual(expect.any(String));
    expect(res.stderr).toContain('> GET ');
    expect((await modernRequests()).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/account']);
  });

  test('GET -f puts the fields in the query string', async () => {
    const res = await shorty(['api', 'GET', '/urls', '-f', 'limit=2', '-f', 'order=click']);
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.stdout).data.perpage).toBe(2);
    expect((await modernRequests())[0].query).toEqual({ limit: '2', order: 'click' });
  });

  test('POST -f builds a typed JSON body', async () => {
    const res = await shorty([
      'api',
      'POST',
      '/channel/add',
      '-f',
      'name=Launch',
      '-f',
      'starred=true',
      '-f',
      'description=42 ways',
    ]);
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ error: 0, id: expect.any(Number), name: 'Launch', starred: true });
    const [request] = await modernRequests();
    expect(request).toMatchObject({ method: 'POST', path: '/api/channel/add' });
    expect(request.body).toEqual({ name: 'Launch', starred: true, description: '42 ways' });
    expect(request.headers['content-type']).toMatch(/application\/json/);
  });

  test('--input - sends the body read from stdin; --input FILE from a file', async () => {
    const body = { url: 'https://example.com/from-stdin', custom: 'stdin1' };
    const fromStdin = await shorty(['api', 'POST', '/url/add', '--input', '-'], JSON.stringify(body));
    expect(fromStdin.exitCode).toBe(0);
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ error: 0, shorturl: `${sandbox.baseUrl}/stdin1` });
    const file = join(tempDir(), 'body.json');
    writeFileSync(file, JSON.stringify({ url: 'https://example.com/from-file', custom: 'file1' }));
    const fromFile = await shorty(['api', 'POST', '/url/add', '--input', file]);
    expect(fromFile.exitCode).toBe(0);
    expect((await modernRequests()).map((r) => r.body)).toEqual([
      body,
      { url: 'https://example.com/from-file', custom: 'file1' },
    ]);
  });

  test('--paginate follows nextpage and prints one merged array', async () => {
    const before = (await sandbox.api('GET', '/urls', undefined)).json.data.result as number;
    for (let i = 0; i < 40; i += 1) {
      const made = await sandbox.api('POST', '/url/add', { url: `https://example.com/page/${i}` });
      expect(made.json.error).toBe(0);
    }
    await sandbox.admin.reset();
    const res = await shorty(['api', 'GET', '/urls?limit=7', '--paginate']);
    expect(res.exitCode).toBe(0);
    const items = JSON.parse(res.stdout) as { id: number }[];
    expect(items).toHaveLength(before + 40);
    expect(new Set(items.map((item) => item.id)).size).toBe(before + 40);
    const pages = (await modernRequests()).map((r) => Number(r.query.page));
    expect(pages).toEqual(Array.from({ length: Math.ceil((before + 40) / 7) }, (_, i) => i + 1));
  });

  test('-o ndjson prints the answer on one line, and with --paginate one item a line', async () => {
    const one = await shorty(['api', 'GET', '/account', '-o', 'ndjson']);
    expect(one.exitCode).toBe(0);
    expect(one.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(one.stdout).data.email).toEqual(expect.any(String));
    for (let i = 0; i < 7; i += 1) {
      expect((await sandbox.api('POST', '/url/add', { url: `https://example.com/nd/${i}` })).json.error).toBe(0);
    }
    const total = (await sandbox.api('GET', '/urls', undefined)).json.data.result as number;
    const pages = await shorty(['api', 'GET', '/urls?limit=3', '--paginate', '-o', 'ndjson']);
    expect(pages.exitCode).toBe(0);
    const ids = pages.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids.length).toBeGreaterThanOrEqual(7);
    expect(new Set(ids).size).toBe(total);
  });

  test('--input refuses a FIFO at once instead of waiting for a writer', async () => {
    const fifo = join(tempDir(), 'body.fifo');
    execFileSync('mkfifo', [fifo]);
    const res = await shorty(['api', 'POST', '/channel/add', '--input', fifo]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: --input .*body\.fifo: not a regular file$/m);
  });

  test('an error body is printed and exits 1 with a shorty: line', async () => {
    const res = await shorty(['api', 'GET', '/url/99999']);
    expect(res.exitCode).toBe(1);
    expect(JSON.parse(res.stdout)).toMatchObject({ error: 1, message: 'Link does not exist.' });
    expect(res.stderr).toBe('shorty: Link does not exist.\n');
  });

  test('an unknown route is reported without the HTML page', async () => {
    const res = await shorty(['api', 'DELETE', '/no/such/route']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/endpoint not found: DELETE http:\/\/127\.0\.0\.1:\d+\/api\/no\/such\/route/);
    expect(res.stdout + res.stderr).not.toMatch(/<html/i);
  });

  test('a wrong key exits 3 and is never printed', async () => {
    const res = await runCli(['api', 'GET', '/account', '--debug'], {
      env: { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: 'sk_wrong_modern_987', SHORTY_RATE_LIMIT: '1000/60s' },
    });
    expect(res.exitCode).toBe(3);
    expect(res.stderr).not.toContain('sk_wrong_modern_987');
  });

  test('invalid input exits 2 and sends nothing', async () => {
    await sandbox.admin.reset();
    const cases: [string[], string | undefined, RegExp][] = [
      [['api', 'FETCH', '/urls'], undefined, /invalid method/],
      [['api', 'GET', 'urls'], undefined, /must start with \//],
      [['api', 'POST', '/channel/add', '--input', '-'], '{"name": ', /invalid JSON/],
      [['api', 'POST', '/channel/add', '--input', '-', '-f', 'name=x'], '{}', /either -f\/--field or --input/],
      [['api', 'POST', '/urls', '--paginate'], undefined, /GET only/],
      [['api', 'POST', '/channel/add', '-f', 'novalue'], undefined, /key=value/],
      [['api', 'POST', '/channel/add', '--input', join(tempDir(), 'missing.json')], undefined, /cannot read/],
      [['api', 'POST', '/channel/add', '--input', tempDir()], undefined, /^shorty: --input .*: not a regular file$/m],
      [['api', 'GET', '/urls', '-o', 'csv'], undefined, /^shorty: -o csv does not apply to `shorty api`/m],
      [['api', 'GET', '/urls', '-o', 'tsv', '--paginate'], undefined, /^shorty: -o tsv does not apply/m],
      [['api', 'GET', '/urls', '-o', 'table'], undefined, /^shorty: -o table does not apply/m],
      [['api', 'GET', '/account', '-q'], undefined, /^shorty: -q does not apply to `shorty api`/m],
      [
        ['api', 'POST', '/channel/add', '--input', '-'],
        `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
        /nested too deeply/,
      ],
    ];
    for (const [args, input, message] of cases) {
      const res = await shorty(args, input);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(message);
    }
    expect((await sandbox.admin.stats()).requests).toBe(0);
  });
});
