// What a hostile server sends back must not reach the terminal raw (escape sequences, bidi
// overrides) nor show a secret it echoes (the key in any spelling, passwords, proxy
// credentials), in any channel: stdout, stderr, debug and curl lines, the journal, --failed-out.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, test } from 'vitest';
import { runCli, tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { ESCAPES, link, linkList, RAW_CONTROL, useHostileServer } from '../helpers/hostile-server.js';

const KEY = 'sk_test/hostile+echo=0001';
const server = useHostileServer();

const env = () => ({ SHORTY_BASE_URL: server().url, SHORTY_API_KEY: KEY, SHORTY_RATE_LIMIT: '1000/60s' });
const shorty = (args: string[], input?: string) => runInProcess(args, { env: env(), input });
const all = (res: CliResult) => `${res.stdout}${res.stderr}`;

const TITLES = [
  `clip${ESCAPES.clipboard}board`,
  `clear${ESCAPES.clear}screen`,
  `link ${ESCAPES.hyperlink}`,
  `title${ESCAPES.title} txt${ESCAPES.rlo}exe.pdf`,
  `csi${ESCAPES.csi} bell\u0007 del\u007f`,
];

describe('escape sequences from the server', () => {
  beforeEach(() => {
    const list = linkList(
      TITLES.map((title, i) => link(i + 1, title, { shorturl: `http://127.0.0.1/a${i}${ESCAPES.clear}` })),
    );
    const detail = { body: { error: 0, id: 1, details: { title: TITLES.join(' '), [`key${ESCAPES.title}`]: 'x' } } };
    server().answer((req) => ({
      ...(req.url.startsWith('/api/url/') ? detail : list),
      headers: { 'x-ratelimit-limit': '1000\u009b31m' },
    }));
  });

  test.each([
    ['a table', ['urls', 'list', '-o', 'table', '--fields', 'id,title,shorturl']],
    ['a key/value table', ['urls', 'get', '1', '-o', 'table']],
    ['`shorty api`', ['api', 'GET', '/urls']],
    ['-q lines', ['urls', 'list', '-q']],
    ['--debug lines', ['urls', 'list', '-q', '--debug']],
  ])('never reach the terminal raw in %s', async (_name, args) => {
    const res = await shorty(args);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).not.toMatch(RAW_CONTROL);
    expect(res.stderr).not.toMatch(RAW_CONTROL);
  });

  test('are shown, not hidden: ESC as ␛, C1 and bidi controls as <U+XXXX>', async () => {
    const res = await shorty(['urls', 'list', '-o', 'table', '--fields', 'title']);
    expect(res.stdout).toContain('clip␛]52;c;ZWNobyBwd25lZA==␇board');
    expect(res.stdout).toContain('title␛]0;pwned␇ txt<U+202E>exe.pdf');
    expect(res.stdout).toContain('csi<U+009B>31m bell␇ del␡');
    const quiet = await shorty(['urls', 'list', '-q']);
    expect(quiet.stdout.split('\n')[0]).toBe('http://127.0.0.1/a0␛[2J');
  });

  test('json and ndjson keep the data exact, escaped', async () => {
    for (const format of ['json', 'ndjson']) {
      const res = await shorty(['urls', 'list', '-o', format, '--fields', 'title']);
      expect(res.stdout).not.toMatch(RAW_CONTROL);
      const rows =
        format === 'json'
          ? JSON.parse(res.stdout)
          : res.stdout
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line));
      expect(rows.map((row: { title: string }) => row.title)).toEqual(TITLES);
    }
  });

  test('csv and tsv to a file keep the data exact', async () => {
    const csv = await shorty(['urls', 'list', '-o', 'csv', '--fields', 'title']);
    expect((parse(csv.stdout, { columns: true }) as { title: string }[]).map((row) => row.title)).toEqual(TITLES);
    const tsv = await shorty(['urls', 'list', '-o', 'tsv', '--fields', 'title']);
    expect(tsv.stdout).toContain(TITLES[1]);
  });

  test('an error message is one harmless line', async () => {
    server().answer({
      body: {
        error: 1,
        message: `Link ${ESCAPES.title}${ESCAPES.clear}gone\r\nfake: line ${ESCAPES.rlo}${ESCAPES.csi}`,
      },
    });
    const res = await shorty(['urls', 'get', '1']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).not.toMatch(RAW_CONTROL);
    expect(res.stderr).toBe('shorty: Link ␛]0;pwned␇␛[2Jgone fake: line <U+202E><U+009B>31m\n');
  });

  test('a confirmation message (a note on stderr) is harmless too', async () => {
    server().answer({ body: { error: 0, message: `Updated${ESCAPES.title}${ESCAPES.clipboard}` } });
    const res = await shorty(['qr', 'update', '1', '--data', 'x']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).not.toMatch(RAW_CONTROL);
    expect(res.stderr).toContain('Updated␛]0;pwned␇');
  });

  test("a refused item's line in a delete's table is harmless too", async () => {
    server().answer({ body: { error: 1, message: `Gone${ESCAPES.title}${ESCAPES.rlo}` } });
    const res = await shorty(['domains', 'delete', '1', '-y', '-o', 'table']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout + res.stderr).not.toMatch(RAW_CONTROL);
    expect(res.stdout).toBe('✗ 1: Gone␛]0;pwned␇<U+202E>\n');
  });

  test('the built CLI writes the same harmless bytes', async () => {
    server().answer({ body: { error: 1, message: `gone${ESCAPES.clipboard}${ESCAPES.csi}` } });
    const res = await runCli(['urls', 'get', '1'], { env: env() });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toBe('shorty: gone␛]52;c;ZWNobyBwd25lZA==␇<U+009B>31m\n');
  });
});

/** Every spelling of a secret a server may echo. */
function expectHidden(text: string, secret: string): void {
  for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')]) {
    expect(text, `${form} leaked`).not.toContain(form);
  }
}

describe('a key echoed by the server', () => {
  const echo = (req: { headers: Record<string, unknown> }) =>
    `${String(req.headers.authorization)} / ${encodeURIComponent(KEY)} / Token ${KEY.replace('/', '\\/')}`;

  test('is redacted in the error line', async () => {
    server().answer((req) => ({ status: 200, body: { error: 1, message: `Invalid API key: ${echo(req)}` } }));
    const res = await shorty(['urls', 'list']);
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toBe(
      'shorty: Invalid API key: Bearer *** / *** / Token ***\nhint: check the key: `shorty login`, or SHORTY_API_KEY\n',
    );
  });

  test('is redacted in data a server sends back, and in `shorty api`', async () => {
    server().answer((req) => linkList([link(1, `title ${echo(req)}`)]));
    for (const args of [
      ['urls', 'list', '-o', 'json'],
      ['urls', 'list', '-o', 'table', '--fields', 'title'],
      ['api', 'GET', '/urls'],
    ]) {
      const res = await shorty(args);
      expect(res.exitCode).toBe(0);
      expectHidden(all(res), KEY);
      expect(res.stdout).toContain('title Bearer *** / ***');
    }
  });

  test.each([
    ['each row (an API error)', 'Rejected for'],
    ['the whole run (an auth error)', 'Invalid API key:'],
  ])('is redacted from import results, the journal and --failed-out when it fails %s', async (_name, prefix) => {
    server().answer((req) => ({ body: { error: 1, message: `${prefix} ${echo(req)}` } }));
    const dir = tempDir('shorty-import-');
    const input = join(dir, 'links.csv');
    writeFileSync(input, 'url\nhttps://example.com/1\nhttps://example.com/2\n');
    const journal = join(dir, 'journal.ndjson');
    const failed = join(dir, 'failed.csv');
    const res = await shorty(['urls', 'import', input, '--journal', journal, '--failed-out', failed]);
    expect(res.exitCode).toBeGreaterThan(0);
    for (const text of [all(res), readFileSync(journal, 'utf8'), readFileSync(failed, 'utf8')]) {
      expectHidden(text, KEY);
      expect(text).toContain(`${prefix} Bearer *** / *** / Token ***`);
    }
  });
});

describe('passwords', () => {
  const PASSWORD = 'hunter2-link-pass';
  /** Echoes the request, body and path, in its error message. */
  const echoRequest = (req: { url: string; body: string }) => ({
    body: { error: 1, message: `bad request ${req.url} ${req.body}` },
  });

  test('of `urls add --password` never show: error line, --debug and curl lines', async () => {
    server().answer(echoRequest);
    for (const debug of ['1', 'curl']) {
      const res = await runInProcess(['urls', 'add', 'https://example.com/x', '--password', PASSWORD], {
        env: { ...env(), SHORTY_DEBUG: debug },
      });
      expect(res.exitCode).toBe(1);
      expectHidden(all(res), PASSWORD);
      expect(res.stderr).toMatch(/^shorty: bad request \/api\/url\/add .*"password":"\*\*\*"/m);
      if (debug === 'curl') expect(res.stderr).toMatch(/^curl .*--data-raw '.*"password":"\*\*\*"/m);
    }
  });

  test('of `urls add --password` never show in the data of a successful answer either', async () => {
    server().answer((req) => ({ body: { error: 0, id: 7, shorturl: 'http://127.0.0.1/a7', echo: req.body } }));
    for (const format of ['json', 'table', 'csv']) {
      const res = await shorty(['urls', 'add', 'https://example.com/x', '--password', PASSWORD, '-o', format]);
      expect(res.exitCode, res.stderr).toBe(0);
      expectHidden(all(res), PASSWORD);
    }
  });

  test('of `account update --password-stdin` never show, failing or not', async () => {
    server().answer(echoRequest);
    const res = await runInProcess(['account', 'update', '--password-stdin', '--debug'], {
      env: { ...env(), SHORTY_DEBUG: 'curl' },
      input: `${PASSWORD}\n`,
    });
    expect(res.exitCode).toBe(1);
    expectHidden(all(res), PASSWORD);
    server().answer((req) => ({ body: { error: 0, message: `Account updated: ${req.body}` } }));
    const ok = await shorty(['account', 'update', '--password-stdin'], `${PASSWORD}\n`);
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/Account updated: .*"password":"\*\*\*"/);
    expectHidden(all(ok), PASSWORD);
  });

  test('of `legacy create --password` never show, in the path of --debug lines included', async () => {
    server().answer((req) => ({ body: { code: 400, message: `bad path ${decodeURIComponent(req.url)}` } }));
    for (const password of [PASSWORD, 'pw']) {
      const res = await runInProcess(['legacy', 'create', 'https://example.com/x', '--password', password, '--debug'], {
        env: { ...env(), SHORTY_DEBUG: 'curl' },
      });
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toMatch(
        /^> GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/\*\*\*\/shorturl\/create\/password\/\*\*\*\/url\//m,
      );
      expect(res.stderr).toMatch(/^curl .*\/shorturl\/create\/password\/\*\*\*\/url\//m);
      if (password === PASSWORD) expectHidden(all(res), PASSWORD);
    }
  });

  test('of import rows are hidden in what their answers made (results error, journal), not in the input echoed', async () => {
    server().answer(echoRequest);
    const dir = tempDir('shorty-import-');
    const input = join(dir, 'links.csv');
    writeFileSync(input, `url,password\nhttps://example.com/1,${PASSWORD}\n`);
    const journal = join(dir, 'journal.ndjson');
    const res = await shorty(['urls', 'import', input, '--journal', journal, '--debug']);
    expect(res.exitCode).toBe(1);
    const [row] = parse(res.stdout, { columns: true }) as Record<string, string>[];
    expect(row.password).toBe(PASSWORD);
    expect(row.error).toMatch(/"password":"\*\*\*"/);
    expectHidden(row.error, PASSWORD);
    expectHidden(res.stderr, PASSWORD);
    expectHidden(readFileSync(journal, 'utf8'), PASSWORD);
  });
});

describe('proxy credentials', () => {
  test('never show, whatever the proxy (or the server behind it) echoes (built CLI: proxies come from the environment)', async () => {
    const password = 'proxy-pass-secret-01';
    server().answer((req) => ({
      body: { error: 1, message: `proxy saw ${String(req.headers['proxy-authorization'])} and ${password}` },
    }));
    const res = await runCli(['urls', 'list', '--debug'], {
      env: {
        ...env(),
        SHORTY_BASE_URL: 'http://127.0.0.1:9',
        HTTP_PROXY: `http://puser:${password}@127.0.0.1:${server().port}`,
      },
    });
    expect(res.exitCode).toBe(1);
    expect(server().requests[0]?.url).toBe('http://127.0.0.1:9/api/urls');
    expect(res.stderr).toMatch(/^shorty: proxy saw Basic \*\*\* and \*\*\*$/m);
    expectHidden(all(res), password);
    expectHidden(all(res), `puser:${password}`);
  });
});

describe('--excel-safe', () => {
  const FORMULAS = ['=HYPERLINK("https://evil.example","x")', '+1+1', '-2', '@SUM(A1)', '\tcmd', 'plain'];

  test.each([
    ['urls list -o csv', ['urls', 'list', '-o', 'csv', '--fields', 'title']],
    ['urls list -o tsv', ['urls', 'list', '-o', 'tsv', '--fields', 'title']],
    ['urls export', ['urls', 'export', '--fields', 'title']],
  ])(
    '%s: a cell a spreadsheet would run gets a leading quote; without the flag the data is exact',
    async (_name, args) => {
      server().answer(linkList(FORMULAS.map((title, i) => link(i + 1, title))));
      const cells = (text: string) =>
        args.includes('tsv')
          ? text
              .trim()
              .split('\n')
              .map((line) => line.replace(/\\t/g, '\t'))
          : (parse(text) as string[][]).map((row) => row[0]);
      const safe = await shorty([...args, '--excel-safe']);
      expect(safe.exitCode, safe.stderr).toBe(0);
      expect(cells(safe.stdout).slice(1)).toEqual([...FORMULAS.slice(0, 5).map((f) => `'${f}`), 'plain']);
      const exact = await shorty(args);
      expect(cells(exact.stdout).slice(1)).toEqual(FORMULAS);
    },
  );
});
