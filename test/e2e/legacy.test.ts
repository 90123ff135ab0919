import { describe, expect, test } from 'vitest';
import { runCli, tempDir, type CliResult } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

// Typed with a raw ü and >, sent as a browser would request it; its base64 holds `/`, `+` and `=`.
const TRICKY_URL = 'https://example.com/ü?x=~~~&y=>>>';
const TRICKY_SENT = 'https://example.com/%C3%BC?x=~~~&y=%3E%3E%3E';
const TRICKY_SEGMENT = 'aHR0cHM6Ly9leGFtcGxlLmNvbS8lQzMlQkM%2FeD1%2Bfn4meT0lM0UlM0UlM0U%3D';
const b64 = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'));

// main() in this process; the built CLI for the wrong key at the end.
const { sandbox, run } = useSandboxCli({ resetData: true, inProcess: true });

const shorty = (args: string[], input?: string) => run(args, { input });

/** Every legacy command runs with --debug: the key is redacted in the log (runCli fails on the key itself). */
async function legacy(...args: string[]): Promise<CliResult> {
  const res = await shorty(['legacy', ...args, '--debug']);
  expect(res.stderr).toContain('/api/v1/***/shorturl/');
  return res;
}

async function legacyPaths(): Promise<string[]> {
  return (await sandbox.admin.requests()).filter((r) => r.api === 'legacy').map((r) => r.path);
}

async function createQuiet(url: string, ...flags: string[]): Promise<string> {
  const res = await legacy('create', url, '-q', ...flags);
  expect(res.exitCode).toBe(0);
  return res.stdout.trim();
}

describe('legacy create', () => {
  test('every option: contract segment order, encoding, and the data object as JSON', async () => {
    const added = await sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
    expect(added.json.error).toBe(0);
    await sandbox.admin.reset();
    const res = await legacy(
      'create',
      TRICKY_URL,
      '--domain',
      'go.example.com',
      '--expiry',
      '2030-12-31',
      '--password',
      'p/ss w+rd',
      '--custom',
      'spring-sale',
      '--json',
    );
    expect(res.exitCode).toBe(0);
    expect(await legacyPaths()).toEqual([
      '/api/v1/***/shorturl/create/custom_url/spring-sale/password/p%2Fss%20w%2Brd/expiry_date/2030-12-31' +
        `/base_domain/go.example.com/url/${TRICKY_SEGMENT}.json`,
    ]);
    const data = JSON.parse(res.stdout);
    // The link under the names every command gives a link's fields.
    expect(data).toMatchObject({
      shorturl: 'https://go.example.com/spring-sale',
      alias: 'spring-sale',
      longurl: TRICKY_SENT,
    });
    expect(typeof data.id).toBe('number');
    const info = JSON.parse((await legacy('info', data.shorturl, '--json')).stdout);
    expect(info).toMatchObject({ has_password: true, expiry: expect.stringMatching(/^2030-12-31/), clicks: 0 });
  });

  test('--domain takes the host or the URL; base_domain gets the host', async () => {
    expect((await sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' })).json.error).toBe(0);
    for (const given of ['go.example.com', 'https://Go.Example.com/', 'http://go.example.com']) {
      await sandbox.admin.reset();
      const shortUrl = await createQuiet('https://example.com/branded', '--domain', given);
      expect(shortUrl).toMatch(/^https:\/\/go\.example\.com\/\w+$/);
      expect(await legacyPaths()).toEqual([
        `/api/v1/***/shorturl/create/base_domain/go.example.com/url/${b64('https://example.com/branded')}.json`,
      ]);
    }
  });

  test("the profile's domain applies when --domain is not given, in either form", async () => {
    expect((await sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' })).json.error).toBe(0);
    const configDir = tempDir();
    const env = { SHORTY_CONFIG_DIR: configDir };
    expect((await run(['config', 'set', 'domain', 'https://go.example.com/'], { env })).exitCode).toBe(0);
    await sandbox.admin.reset();
    const res = await run(['legacy', 'create', 'https://example.com/profile', '-q'], { env });
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toMatch(/^https:\/\/go\.example\.com\/\w+\n$/);
    expect(await legacyPaths()).toEqual([
      `/api/v1/***/shorturl/create/base_domain/go.example.com/url/${b64('https://example.com/profile')}.json`,
    ]);

    // --domain wins over the profile; a profile domain that is no domain is exit 2 before any request.
    await sandbox.admin.reset();
    expect(
      (await run(['legacy', 'create', 'https://example.com/own', '--domain', sandbox.baseUrl, '-q'], { env })).exitCode,
    ).toBe(0);
    expect((await legacyPaths())[0]).toContain(`/base_domain/${encodeURIComponent(new URL(sandbox.baseUrl).host)}/`);
    expect((await run(['config', 'set', 'domain', 'go.example.com/x'], { env })).exitCode).toBe(0);
    await sandbox.admin.reset();
    const bad = await run(['legacy', 'create', 'https://example.com/bad'], { env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^shorty: invalid domain in the profile "go\.example\.com\/x"/m);
    expect(await legacyPaths()).toEqual([]);
  });

  test('only the given options, url last; -q prints the short URL', async () => {
    const shortUrl = await createQuiet('https://example.com/plain', '--expiry', '2031-01-02');
    expect(shortUrl).toMatch(new RegExp(`^${sandbox.baseUrl}/\\w+$`));
    expect(await legacyPaths()).toEqual([
      `/api/v1/***/shorturl/create/expiry_date/2031-01-02/url/${b64('https://example.com/plain')}.json`,
    ]);
  });

  test('--expiry takes every form of the date parser; the path gets the local day, a dropped time is warned of', async () => {
    const at = Date.UTC(2031, 0, 3, 4, 30);
    const t = new Date(at);
    const day = `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
    const res = await legacy('create', 'https://example.com/iso', '-q', '--expiry', '2031-01-02T23:30:00-05:00');
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain(`warning: the legacy interface takes a date without a time: --expiry sends ${day}`);
    expect((await legacyPaths()).at(-1)).toMatch(new RegExp(`/expiry_date/${day}/url/`));
    const dated = await legacy('create', 'https://example.com/day', '-q', '--expiry', '2031-01-02 10:00');
    expect(dated.exitCode).toBe(0);
    expect((await legacyPaths()).at(-1)).toMatch(/\/expiry_date\/2031-01-02\/url\//);
  });

  test('a taken alias is an API error (exit 1), nothing on stdout', async () => {
    await createQuiet('https://example.com/1', '--custom', 'taken');
    const res = await legacy('create', 'https://example.com/2', '--custom', 'taken');
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^shorty: That alias is taken/m);
  });
});

describe('legacy disable / enable / info', () => {
  test('disable -> info shows disabled -> enable -> active; activate is an alias', async () => {
    const shortUrl = await createQuiet('https://example.com/cycle', '--custom', 'cycle');
    const disabled = await legacy('disable', shortUrl, '--json');
    expect(disabled.exitCode).toBe(0);
    expect(JSON.parse(disabled.stdout)).toMatchObject({
      status: 'disabled',
      shorturl: shortUrl,
      id: expect.any(Number),
    });
    expect(JSON.parse((await legacy('info', shortUrl, '--json')).stdout).status).toBe('disabled');
    const enabled = await legacy('enable', shortUrl, '--json');
    expect(JSON.parse(enabled.stdout).status).toBe('active');
    expect(JSON.parse((await legacy('info', shortUrl, '--json')).stdout).status).toBe('active');
    await legacy('disable', shortUrl);
    expect(JSON.parse((await legacy('activate', shortUrl, '--json')).stdout).status).toBe('active');
    const segment = b64(shortUrl);
    expect((await legacyPaths()).slice(1, 5)).toEqual([
      `/api/v1/***/shorturl/disable/short_url/${segment}.json`,
      `/api/v1/***/shorturl/info/short_url/${segment}.json`,
      `/api/v1/***/shorturl/enable/short_url/${segment}.json`,
      `/api/v1/***/shorturl/info/short_url/${segment}.json`,
    ]);
  });

  test('an unknown short URL exits 1 with the server message, also with --xml', async () => {
    for (const extra of [[], ['--xml']]) {
      const res = await legacy('info', `${sandbox.baseUrl}/no-such-link`, ...extra);
      expect(res.exitCode).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).toContain('shorty: Link does not exist.');
    }
  });

  test('info in every output format, with numbers for id and clicks', async () => {
    const shortUrl = await createQuiet('https://example.com/formats', '--custom', 'formats');
    const ndjson = await legacy('info', shortUrl, '-o', 'ndjson');
    expect(ndjson.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(ndjson.stdout)).toMatchObject({ id: expect.any(Number), clicks: 0, status: 'active' });
    const csv = await legacy('info', shortUrl, '-o', 'csv', '--fields', 'shorturl,alias,longurl,status,clicks');
    expect(csv.stdout).toBe(
      `shorturl,alias,longurl,status,clicks\n${shortUrl},formats,https://example.com/formats,active,0\n`,
    );
    const tsv = await legacy('info', shortUrl, '-o', 'tsv', '--fields', 'id,status');
    expect(tsv.stdout).toMatch(/^id\tstatus\n\d+\tactive\n$/);
    const table = await legacy('info', shortUrl, '-o', 'table');
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toContain(shortUrl);
    expect(table.stdout).toContain('active');
    const quiet = await legacy('info', shortUrl, '-q');
    expect(quiet.stdout).toMatch(/^\d+\n$/);
  });
});

describe('legacy list and --xml', () => {
  test('list prints the active short URLs in every format', async () => {
    const first = await createQuiet('https://example.com/l1');
    const second = await createQuiet('https://example.com/l2');
    await legacy('disable', second);
    const json = await legacy('list', '--json');
    const listed = JSON.parse(json.stdout).map((item: { shorturl: string }) => item.shorturl);
    expect(listed).toContain(first);
    expect(listed).not.toContain(second);
    const quiet = await legacy('list', '-q');
    expect(quiet.stdout.trim().split('\n')).toEqual(listed);
    const csv = await legacy('list', '-o', 'csv');
    expect(csv.stdout.split('\n')[0]).toBe('shorturl');
    expect(csv.stdout).toContain(`${first}\n`);
    expect((await legacyPaths()).at(-1)).toBe('/api/v1/***/shorturl/list_active_urls.json');
  });

  test('--xml requests .xml and prints the body exactly as received', async () => {
    const shortUrl = await createQuiet('https://example.com/xml', '--custom', 'xmlcase');
    const res = await legacy('info', shortUrl, '--xml');
    expect(res.exitCode).toBe(0);
    const direct = await fetch(
      `${sandbox.baseUrl}/api/v1/${sandbox.apiKey}/shorturl/info/short_url/${b64(shortUrl)}.xml`,
    );
    const stamp = (xml: string) => xml.replace(/<date_time>[^<]*<\/date_time>/, '<date_time/>');
    expect(stamp(res.stdout)).toBe(stamp(await direct.text()));
    expect(res.stdout).toMatch(/^<\?xml[^>]*\?>\n<response><code>200<\/code>.*<status>active<\/status>/);
    for (const args of [
      ['create', 'https://example.com/x2', '--xml'],
      ['disable', shortUrl, '--xml'],
      ['list', '--xml'],
    ]) {
      const out = await legacy(...args);
      expect(out.exitCode).toBe(0);
      expect(out.stdout).toMatch(/^<\?xml[^>]*\?>\n<response><code>200<\/code>/);
    }
    const paths = await legacyPaths();
    expect(paths.filter((p) => p.endsWith('.xml'))).toHaveLength(5);
    expect(paths.at(-1)).toBe('/api/v1/***/shorturl/list_active_urls.xml');
  });
});

describe('server failures', () => {
  test('an HTML 404 says which URL (key redacted) was not found; an empty body is an API error', async () => {
    await sandbox.admin.fault('html404', { count: 1 });
    const notFound = await legacy('create', 'https://example.com/html');
    expect(notFound.exitCode).toBe(1);
    expect(notFound.stderr).toContain(
      `shorty: endpoint not found: GET ${sandbox.baseUrl}/api/v1/***/shorturl/create/url/${b64('https://example.com/html')}.json` +
        ' (HTTP 404); the server may run an older version',
    );
    expect(notFound.stdout + notFound.stderr).not.toMatch(/<html|<body/i);
    await sandbox.admin.fault('empty', { count: 1 });
    const empty = await legacy('list', '--xml');
    expect(empty.exitCode).toBe(1);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain(
      `shorty: empty response from the server (HTTP 200): GET ${sandbox.baseUrl}/api/v1/***/shorturl/list_active_urls.xml`,
    );
  });
});

describe('validation and the key', () => {
  test('invalid input exits 2 and sends nothing', async () => {
    await sandbox.admin.reset();
    const cases = [
      ['create', 'ftp://example.com'],
      ['create', 'not a url'],
      ['create', 'https://example.com', '--expiry', '2030-02-30'],
      ['create', 'https://example.com', '--expiry', '12/11/2030'],
      ['create', 'https://example.com', '--domain', 'https://go.example.com/path'],
      ['create', 'https://example.com', '--custom', ''],
      ['info', 'a b'],
      ['disable', 'ftp://sho.rt/x'],
    ];
    for (const args of cases) {
      const res = await shorty(['legacy', ...args, '--debug']);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(/^shorty: invalid/m);
    }
    expect((await sandbox.admin.stats()).requests).toBe(0);
  });

  test('a wrong key exits 3 and is never printed, even with --debug', async () => {
    const res = await runCli(['legacy', 'list', '--debug'], {
      env: { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: 'sk_wrong_key_123456', SHORTY_RATE_LIMIT: '1000/60s' },
    });
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toContain('/api/v1/***/shorturl/list_active_urls.json');
    expect(res.stderr).not.toContain('sk_wrong_key_123456');
  });
});
