// A hostile or broken server must not wedge, flood or fool the client: absurd waits are reported
// and never stored (nor handed to a timer), a stuck shared state can be cleared, an endless answer
// is cut off, a list that is not a list is an error, and what can't be sent safely is refused
// before any request.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { normalizeBaseUrl } from '../../src/settings/base-url.js';
import { rateStatePath } from '../../src/api/rate-store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { runInProcess, simulatedClock } from '../helpers/in-process.js';
import { link, linkList, useHostileServer, tooManyRequests } from '../helpers/hostile-server.js';

const KEY = 'sk_test_hostile_server_0001';
const DAY_MS = 86_400_000;
const server = useHostileServer();
beforeEach(() => {
  server().answer(linkList([link(1, 'one')]));
});

const env = () => ({ SHORTY_BASE_URL: server().url, SHORTY_API_KEY: KEY, SHORTY_RATE_LIMIT: '1000/60s' });

/** The shared limiter state a run left in `configDir`. */
function rateState(configDir: string): Record<string, unknown> {
  const dir = join(configDir, 'ratelimit');
  const file = readdirSync(dir).find((name) => name.endsWith('.json'));
  return JSON.parse(readFileSync(join(dir, file!), 'utf8')) as Record<string, unknown>;
}

function writeRateState(configDir: string, state: unknown): string {
  const path = rateStatePath(configDir, normalizeBaseUrl(server().url), KEY);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(state));
  return path;
}

describe('waits a server asks for', () => {
  // A process: a TimeoutOverflowWarning is Node's, printed on the real stderr, and real pauses feed real timers.
  test('a Retry-After of 31 years is reported once, never stored, and no timer overflows (built CLI)', async () => {
    server().answer(tooManyRequests(1_000_000_000));
    const configDir = tempDir('shorty-config-');
    const res = await runCli(['urls', 'list'], { env: env(), configDir });
    expect(res.exitCode, res.stderr).toBe(4);
    expect(res.stderr).not.toMatch(/TimeoutOverflowWarning|does not fit/);
    expect(res.stderr.match(/^warning: .*Retry-After of 1000000000 .*server fault/gm)).toHaveLength(1);
    expect(res.stderr).toMatch(/^shorty: rate limit: the server still refused after 3 retries$/m);
    // 1 request + 3 retries, each after the client's own pause
    expect(server().requests).toHaveLength(4);
    const state = rateState(configDir);
    expect(state.retryUntil === undefined || Number(state.retryUntil) - Date.now() <= DAY_MS).toBe(true);
  });

  test('under --no-wait the same answer is exit 4 with a sane wait, and nothing absurd is stored', async () => {
    server().answer(tooManyRequests(1_000_000_000));
    const configDir = tempDir('shorty-config-');
    const res = await runInProcess(['urls', 'list', '--no-wait'], { env: env(), configDir });
    expect(res.exitCode, res.stderr).toBe(4);
    expect(res.stderr).toMatch(/the next request is possible in (\d+ms|\d(\.\d)?s)$/m);
    const { retryUntil } = rateState(configDir);
    expect(retryUntil === undefined || Number(retryUntil) - Date.now() <= DAY_MS).toBe(true);
    // Another process for the same key is not held back: it waits the client's own pause (about
    // a second, on a simulated clock), not what the server asked.
    server().answer(linkList([link(1, 'one')]));
    const clock = simulatedClock();
    let waitedMs = 0;
    const sleep: typeof clock.sleep = (ms, signal) => {
      waitedMs += ms;
      return clock.sleep!(ms, signal);
    };
    const next = await runInProcess(['urls', 'list', '-q'], { env: env(), configDir, now: clock.now, sleep });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(waitedMs).toBeLessThan(60_000);
  });

  test('an X-RateLimit-Reset 31 years away is reported once and not learnt', async () => {
    const farReset = String(Math.floor(Date.now() / 1000) + 1_000_000_000);
    server().answer({
      ...linkList([link(1, 'one')]),
      headers: { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': farReset },
    });
    const configDir = tempDir('shorty-config-');
    const res = await runInProcess(['urls', 'list', '-q'], { env: env(), configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr.match(/^warning: .*X-RateLimit-Reset of \d+ .*server fault/gm)).toHaveLength(1);
    expect(rateState(configDir).serverReset).toBeUndefined();
  });

  test('a state file holding an absurd block (older version, or by hand) does not hold anyone back', async () => {
    const configDir = tempDir('shorty-config-');
    const far = Date.now() + 1e12;
    writeRateState(configDir, { slots: [], retryUntil: far, serverReset: { until: far } });
    const res = await runInProcess(['urls', 'list', '-q'], { env: env(), configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).not.toMatch(/waiting/);
    expect(rateState(configDir).retryUntil).toBeUndefined();
  });
});

describe('shorty limits --reset', () => {
  test('clears the state of this base URL and key, and says what it cleared', async () => {
    const configDir = tempDir('shorty-config-');
    const now = Date.now();
    const path = writeRateState(configDir, {
      slots: [
        { sentAt: now - 1000, doneAt: now - 990, pid: 1, seq: 1 },
        { sentAt: now - 500, doneAt: now - 490, pid: 1, seq: 2 },
      ],
      serverLimit: 5,
      retryUntil: now + 3_600_000,
    });
    const before = await runInProcess(['limits', '--json'], { env: env(), configDir });
    expect(JSON.parse(before.stdout)).toMatchObject({ source: 'server', used: 2, remaining: 0 });

    const res = await runInProcess(['limits', '--reset'], { env: env(), configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(
      new RegExp(
        `cleared the local rate-limit state for ${server().url.replace(/[.]/g, '\\.')} \\(key sk_…0001\\): ` +
          `2 recorded requests, the server's cap of 5, a retry block until \\d{4}-`,
      ),
    );
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ slots: [] });

    const after = await runInProcess(['limits', '--json'], { env: env(), configDir });
    expect(JSON.parse(after.stdout)).toMatchObject({ source: 'configured', used: 0, remaining: 1000, next_in_ms: 0 });
    expect(server().requests).toHaveLength(0);
  });

  test('with no state there is nothing to clear, and nothing is created', async () => {
    const configDir = tempDir('shorty-config-');
    const res = await runInProcess(['limits', '--reset', '--json'], { env: env(), configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ cleared: [] });
    expect(existsSync(join(configDir, 'ratelimit'))).toBe(false);
  });
});

describe('answers too large to hold', () => {
  // A process: the endless answer meets the built CLI's own socket and memory, not the test's.
  test('an endless 200 answer is cut off at 8 MiB: exit 1 naming the limit, the socket closed (built CLI)', async () => {
    server().answer({ body: '{"error":"0","data":{"urls":[', endless: true });
    const res = await runCli(['urls', 'list', '--timeout', '100'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toMatch(/^shorty: the answer to GET http:\/\/127\.0\.0\.1:\d+\/api\/urls is larger than 8 MiB/m);
    await server().endlessClosed();
    // What the server got out before the client hung up: the limit plus what was in the pipes.
    expect(server().streamed()).toBeLessThan(32 * 1024 * 1024);
  });

  test('a declared Content-Length past the limit is refused before reading', async () => {
    server().answer({ body: '{"error":"0"}', headers: { 'content-length': String(10 * 1024 * 1024 * 1024) } });
    const res = await runInProcess(['urls', 'list', '--timeout', '5'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toMatch(/larger than 8 MiB/);
  });
});

describe('messages of a sane size', () => {
  test('an error message of 7 MB is one line of about 1,000 characters saying how much was left out', async () => {
    const message = `Invalid request: ${'x'.repeat(7 * 1024 * 1024)}`;
    server().answer({ status: 400, body: { error: 1, message } });
    const res = await runInProcess(['urls', 'list'], { env: env() });
    expect(res.exitCode).toBe(1);
    const [line, ...rest] = res.stderr.split('\n');
    expect(line).toMatch(/^shorty: .*Invalid request: x+… \[7,\d{3},\d{3} more characters left out\]/);
    expect(line.length).toBeLessThan(1200);
    expect(rest.join('\n').length).toBeLessThan(1200);
  });

  test("an import's error column on stdout is cut as stderr's messages are", async () => {
    const message = `Invalid request: ${'x'.repeat(7 * 1024 * 1024)}`;
    server().answer((req) => (req.method === 'POST' ? { status: 400, body: { error: 1, message } } : linkList([])));
    const file = join(tempDir(), 'one.csv');
    writeFileSync(file, 'url\nhttps://example.com/refused\n');
    const res = await runInProcess(['urls', 'import', file, '-o', 'json'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(1);
    const [row] = JSON.parse(res.stdout) as { status: string; error: string }[];
    expect(row.status).toBe('error');
    expect(row.error).toMatch(/^Invalid request: x+… \[7,\d{3},\d{3} more characters left out\]$/);
    expect(row.error.length).toBeLessThan(1100);
  });

  test('a request body from --input is capped at 8 MiB, as an answer is, before any request', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 0x20);
    const file = join(tempDir('shorty-big-body-'), 'body.json');
    writeFileSync(file, big);
    for (const [source, input] of [[file], ['-', big]] as const) {
      const res = await runInProcess(['api', 'POST', '/url/add', '--input', source], { env: env(), input });
      const shown = source === '-' ? 'stdin' : source;
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toBe(`shorty: --input ${shown}: larger than 8 MiB, the most a request body may be\n`);
    }
    // A device may never end: refused as it is, before a byte is read.
    for (const device of ['/dev/zero', '/dev/urandom']) {
      const res = await runInProcess(['api', 'POST', '/url/add', '--input', device], { env: env() });
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toMatch(new RegExp(`^shorty: --input ${device}: not a regular file$`, 'm'));
    }
    expect(server().requests).toEqual([]);
  });

  // 1,000 columns: fifty times the 20 a message names, and over 10,000 characters if printed whole,
  // so the cut shows as well as with 100,000 (whose 1.2 MB row mostly timed the dry run's echo).
  test('an import naming 1,000 unknown columns names 20 and how many more', async () => {
    const header = ['url', ...Array.from({ length: 1_000 }, (_, i) => `extra${i}`)].join(',');
    const file = join(tempDir(), 'wide.csv');
    writeFileSync(file, `${header}\nhttps://example.com/wide${','.repeat(1_000)}\n`);
    const res = await runInProcess(['urls', 'import', file, '--dry-run'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const warning = res.stderr.split('\n').find((l) => l.startsWith('warning: not importing'));
    expect(warning).toMatch(/"extra19", … and 980 more; accepted columns: /);
    expect(res.stderr.length).toBeLessThan(3000);
  });
});

describe('an answer nested deeper than a stack', () => {
  const DEEP = 200_000;
  const deep = () => `{"error":0,"data":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`;

  test('shorty api prints it as received, exit 0, with no stack overflow', async () => {
    server().answer({ body: deep(), headers: { 'content-type': 'application/json' } });
    const res = await runInProcess(['api', 'GET', '/account'], { env: env() });
    expect(res.stderr).toBe('');
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toBe(`${deep()}\n`);
  });

  test('shorty api --paginate: an item it cannot print again is one line, exit 1', async () => {
    const body = `{"error":"0","data":{"result":1,"currentpage":1,"nextpage":null,"urls":[${'['.repeat(DEEP)}${']'.repeat(DEEP)}]}}`;
    server().answer({ body, headers: { 'content-type': 'application/json' } });
    const res = await runInProcess(['api', 'GET', '/urls', '--paginate'], { env: env() });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^shorty: an item of GET \/urls nests too deeply to be read$/m);
    expect(res.stderr).not.toMatch(/call stack/);
  });
});

describe('an answer without a message', () => {
  test('per-item results say null, not an empty message', async () => {
    server().answer({ body: { error: 0 } });
    const res = await runInProcess(['campaigns', 'delete', '5', '-y', '-o', 'json'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual([{ id: 5, status: 'deleted', message: null }]);
  });
});

describe('a list answer that is not a list', () => {
  const notAList = { body: { error: 0, data: { message: 'ok' } } };

  test.each([
    ['urls list', ['urls', 'list']],
    ['urls list --all', ['urls', 'list', '--all', '-o', 'json']],
    ['domains list', ['domains', 'list']],
    ['urls export', ['urls', 'export']],
  ])('%s is exit 1, not "no results" with exit 0', async (_name, args) => {
    server().answer(notAList);
    const res = await runInProcess(args, { env: env() });
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toMatch(/^shorty: the answer to GET \/\w+ is not a list: no "\w+" array in its data$/m);
    expect(res.stdout).not.toMatch(/\[\]|^id/);
  });

  test('an empty list is still an empty list', async () => {
    server().answer(linkList([]));
    const res = await runInProcess(['urls', 'export'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/^0 links exported/m);
  });
});

describe('refused before any request', () => {
  test.each([
    [
      '*.localhost over http (a hosts file may send it anywhere)',
      () => ['--base-url', `http://api.localhost:${server().port}`],
      /refusing to send the API key in clear text to api\.localhost/,
    ],
    [
      'a base URL with a user name and password',
      () => ['--base-url', `http://user:pw-in-url-0001@127.0.0.1:${server().port}`],
      /a base URL has no user name or password/,
    ],
    [
      'a key with a carriage return',
      () => ['--api-key', 'sk_test_with\rcarriage_return'],
      /the key contains a control character \(U\+000D, a carriage return\) at position 13/,
    ],
    [
      'a key with an escape',
      () => ['--api-key', 'sk_test_with\u001b[2Jescape'],
      /the key contains a control character \(U\+001B\)/,
    ],
    [
      'a key with a character outside ASCII',
      () => ['--api-key', 'sk_test_with_“quote”'],
      /a character outside printable ASCII/,
    ],
  ])('%s: exit 2', async (_name, extra, message) => {
    const res = await runInProcess(['urls', 'list', ...extra()], { env: env() });
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.stderr).not.toContain('pw-in-url-0001');
    expect(res.stderr).not.toMatch(/[\r\u001b]/);
    expect(server().requests).toHaveLength(0);
  });

  test('`config set api-key` refuses a control character too, without echoing the key', async () => {
    const res = await runInProcess(['config', 'set', 'api-key', 'sk_test_stored\rkey_0001']);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).not.toContain('key_0001');
  });

  test.each([
    ['urls get', ['urls', 'get', '9007199254740993']],
    ['urls delete', ['urls', 'delete', '9007199254740993', '-y']],
    ['campaigns assign', ['campaigns', 'assign', '1', '9999999999999999']],
  ])('an id past 2^53 for %s: exit 2 instead of being sent rounded', async (_name, args) => {
    const res = await runInProcess(args, { env: env() });
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toMatch(/must be (at most 9007199254740991|a positive integer)/);
    expect(server().requests).toHaveLength(0);
  });

  test('the largest exact id is still sent as it is', async () => {
    server().answer({ body: { error: 0, id: 9007199254740991, details: { longurl: 'https://example.com' } } });
    const res = await runInProcess(['urls', 'get', '9007199254740991', '--json'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(server().requests.map((r) => r.url)).toEqual(['/api/url/9007199254740991']);
  });
});

describe('a lookup answer without the long URL', () => {
  test('urls update ALIAS --url sends the given URL; without --url it is one clear error and no update', async () => {
    server().answer((req) =>
      req.method === 'GET'
        ? {
            body: {
              error: 0,
              id: 7,
              details: { id: 7, shorturl: `${server().url}/spring`, title: 'Spring' },
              data: { clicks: 0 },
            },
          }
        : { body: { error: 0, id: 7, short: `${server().url}/spring` } },
    );
    const given = await runInProcess(['urls', 'update', 'spring', '--url', 'https://example.com/new', '--json'], {
      env: env(),
    });
    expect(given.exitCode, given.stderr).toBe(0);
    expect(JSON.parse(given.stdout)).toMatchObject({ id: 7, longurl: 'https://example.com/new' });
    expect(server().requests.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`)).toEqual([
      'GET /api/urls',
      'PUT /api/url/7/update',
    ]);
    server().requests.length = 0;
    const missing = await runInProcess(['urls', 'update', 'spring', '--meta-title', 'T'], { env: env() });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(
      /^shorty: could not read the current long URL of link 7\nhint: pass it with --url$/m,
    );
    expect(server().requests.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`)).toEqual(['GET /api/urls']);
  });
});

describe('a server that echoes a piece of the key', () => {
  test('a key cut short in its message is hidden', async () => {
    const key = 'sk_adv_secret_key_0123456789abcdef';
    server().answer({ status: 401, body: { error: 1, message: `Invalid API key ${key.slice(0, 30)}...` } });
    const res = await runInProcess(['urls', 'list'], { env: { ...env(), SHORTY_API_KEY: key } });
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toContain('Invalid API key ***...');
    expect(res.stderr).not.toContain(key.slice(0, 12));
  });

  test('the key echoed upper-cased is hidden whole, not from its third letter on', async () => {
    const key = 'sk_live_7c41e312b5de9550484ab2b8';
    server().answer({ status: 401, body: { error: 1, message: `Invalid API key ${key.toUpperCase()}` } });
    const res = await runInProcess(['urls', 'list'], { env: { ...env(), SHORTY_API_KEY: key } });
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toMatch(/^shorty: .*Invalid API key \*\*\*$/m);
    expect(res.stderr.toLowerCase()).not.toContain(key.slice(-12));
  });
});

describe('an answer to a create that cannot be read', () => {
  test('a 100,000-deep JSON body: the row is a lost answer (its intent left open), never an error', async () => {
    const deep = `{"error":0,"id":1,"shorturl":"http://x/1","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    server().answer({ headers: { 'content-type': 'application/json' }, body: deep });
    const journal = join(tempDir('shorty-deep-'), 'deep.journal');
    const res = await runInProcess(['urls', 'import', '-', '--journal', journal, '--max-outage', '0', '-o', 'ndjson'], {
      env: env(),
      input: 'url\nhttps://deep.example/1\n',
    });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^shorty: the answer to POST \/url\/add is nested too deeply to read$/m);
    expect(res.stdout).toContain('"status":"error"');
    expect(res.stdout).toContain('it may have been created');
    const records = readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status?: string; end?: number });
    // The intent, then the end of its one try (which bounds when the link could have been made).
    expect(records.map((r) => r.status)).toEqual([undefined, 'sending', 'sending']);
    expect(records[2].end).toEqual(expect.any(Number));
    // Without a journal no later run can check: the row says what the user can do.
    const bare = await runInProcess(['urls', 'import', '-', '--max-outage', '0', '-o', 'ndjson'], {
      env: env(),
      input: 'url\nhttps://deep.example/1\n',
    });
    expect(bare.stdout).toContain('(it may have been created: check with `shorty urls list` before sending it again)');
  });
});
