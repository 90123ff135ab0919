// Bad input is refused before any request: exit 2 and one clear `shorty:` line (or, inside an
// import, the row reported `invalid`), and the sandbox receives nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { runCli, tempDir, type CliResult, type RunOptions } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

let sandbox: StartedSandbox;
const dir = tempDir('shorty-bad-input-');

/** Input files, written once; the table refers to them by name. */
const FILES: Record<string, string | Buffer> = {
  'open-quote.csv': 'url,custom\n"https://example.com/a,abc\nhttps://example.com/b,def\n',
  'latin1.csv': Buffer.concat([
    Buffer.from('url,metatitle\nhttps://example.com/a,Gr'),
    Buffer.from([0xfc, 0xdf]),
    Buffer.from('e\n'),
  ]),
  'bad-utf8.txt': Buffer.concat([Buffer.from('https://example.com/'), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]),
  'duplicate-column.csv': 'url,URL\nhttps://a.example,https://b.example\n',
  'extra-cells.csv': 'url\nhttps://example.com/a,extra,cells\n',
  'no-url-column.csv': 'custom,title\nabc,x\n',
  'broken.ndjson': '{"url": "https://a.example"\n',
  'array.ndjson': '["https://a.example"]\n',
  'bad-row.csv': 'url,pixels,expiry\nhttps://a.example,1;two,\n',
  'bad-expiry.csv': 'url,expiry\nhttps://a.example,2026-02-30 10:00:00\n',
  'bad-scheme.txt': 'ftp://example.com/file\n',
};
const file = (name: string) => join(dir, name);
const huge = '9'.repeat(30);

beforeAll(async () => {
  for (const [name, content] of Object.entries(FILES)) writeFileSync(file(name), content);
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await sandbox.admin.reset();
});

// Refusing input is the work of the commands, not of the process around them: main() in this
// process runs each case in milliseconds. stdin from a real pipe keeps the built CLI.
function shorty(args: string[], input?: string | Uint8Array, run: typeof runCli = runInProcess): Promise<CliResult> {
  const opts: RunOptions = {
    input,
    env: { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey, SHORTY_RATE_LIMIT: '1000/60s' },
  };
  return run(args, opts);
}

type Case = [name: string, args: string[], message: RegExp];

const URLS: Case[] = [
  ['no scheme', ['urls', 'add', 'example.com/x'], /invalid long URL "example\.com\/x".*include http/],
  ['ftp scheme', ['urls', 'add', 'ftp://example.com/f'], /only http and https/],
  ['javascript: scheme', ['urls', 'add', 'javascript:alert(1)'], /only http and https/],
  ['file: scheme', ['urls', 'add', 'file:///etc/passwd'], /only http and https/],
  ['data: scheme', ['urls', 'add', 'data:text/html,x'], /only http and https/],
  ['scheme without host', ['urls', 'add', 'http://'], /invalid long URL "http:\/\/"/],
  ['space in the host', ['urls', 'add', 'https://exa mple.com'], /invalid long URL/],
  ['empty URL', ['urls', 'add', ''], /long URL is required/],
  ['bad --url on update', ['urls', 'update', '3', '--url', 'mailto:a@b.c'], /invalid --url/],
  ['bad --meta-image', ['urls', 'add', 'https://e.example', '--meta-image', 'javascript:x'], /--meta-image.*only http/],
  ['bad --deeplink-google', ['urls', 'add', 'https://e.example', '--deeplink-google', 'ftp://x'], /--deeplink-google/],
  ['bad --geo pair', ['urls', 'update', '1', '--geo', 'Canada'], /--geo "Canada".*LOCATION=URL/],
  ['bad --language pair', ['urls', 'add', 'https://e.example', '--language', 'en'], /--language "en"/],
  ['lookup of an ftp URL', ['urls', 'lookup', 'ftp://x.example/abc'], /invalid short URL/],
  ['legacy disable of an ftp URL', ['legacy', 'disable', 'ftp://x.example/abc'], /invalid short URL/],
  [
    'legacy --domain with a path',
    ['legacy', 'create', 'https://e.example', '--domain', 'https://go.example.com/x'],
    /--domain "https:\/\/go\.example\.com\/x": a domain has no path/,
  ],
  ['domains add with another scheme', ['domains', 'add', 'ftp://go.example.com'], /only http and https/],
  [
    'domain redirect to ftp',
    ['domains', 'add', 'https://go.example.com', '--redirect-root', 'ftp://x'],
    /--redirect-root/,
  ],
  ['domain redirect not a URL', ['domains', 'update', '1', '--redirect-404', 'notaurl'], /--redirect-404/],
  ['base URL not a URL', ['urls', 'list', '--base-url', 'notaurl'], /invalid --base-url/],
  ['base URL with ftp', ['urls', 'list', '--base-url', 'ftp://x.example'], /must be http or https/],
];

const IDS: Case[] = [
  ['link id 0', ['urls', 'get', '0'], /invalid link id "0": must be a positive integer/],
  ['link id -1', ['urls', 'get', '-1'], /invalid link id "-1"/],
  // A link is also named by alias or short URL (abc, 1e3 and 0x10 are aliases): these name nothing.
  ['link a b', ['urls', 'get', 'a b'], /invalid link "a b": it contains a space/],
  ['link 1.5', ['urls', 'get', '1.5'], /invalid link "1\.5": an alias has only letters, digits/],
  [
    'link without an alias',
    ['urls', 'get', 'https://sho.rt/'],
    /invalid short URL "https:\/\/sho\.rt\/": it has no alias/,
  ],
  ['link empty', ['urls', 'get', ''], /invalid link "": it is empty/],
  ['delete 1.5', ['urls', 'delete', '1.5', '-y'], /invalid link "1\.5"/],
  ['one bad link among good ones', ['urls', 'delete', '1', 'abc', 'x y', '-y'], /invalid link "x y"/],
  ['domain id 0', ['domains', 'delete', '0', '-y'], /invalid domain id "0"/],
  ['campaign id -1', ['campaigns', 'update', '-1', '--name', 'x'], /invalid campaign id "-1"/],
  ['channel id 00', ['channels', 'get', '00'], /invalid channel id "00"/],
  ['pixel id 0', ['pixels', 'update', '0', '--tag', 't'], /invalid pixel id "0"/],
  ['QR id 0', ['qr', 'get', '0'], /invalid QR code id "0"/],
  ['assign link a b', ['campaigns', 'assign', '1', 'a b'], /invalid link "a b": it contains a space/],
  ['assign item 0', ['channels', 'assign', '1', 'links', '0'], /invalid link id "0"/],
  ['--pixel 0', ['urls', 'add', 'https://e.example', '--pixel', '0'], /--pixel id "0"/],
  ['--channel 00', ['urls', 'add', 'https://e.example', '--channel', '00'], /--channel id "00"/],
];

const VALUES: Case[] = [
  ['colour name', ['channels', 'add', 'news', '--color', 'red'], /invalid --color "red": use #RRGGBB/],
  [
    'channel name of 1 character',
    ['channels', 'add', 'x'],
    /invalid channel name "x": it must have at least 2 characters/,
  ],
  ['channel renamed to blanks', ['channels', 'update', '1', '--name', '  '], /invalid channel name/],
  ['colour of 5 digits', ['channels', 'add', 'news', '--color', '#12345'], /invalid --color/],
  ['colour not hex', ['channels', 'add', 'news', '--color', '#GGGGGG'], /invalid --color/],
  ['colour without #', ['channels', 'update', '1', '--color', '123456'], /invalid --color/],
  [
    'rgb over 255',
    ['qr', 'add', '--type', 'link', '--data', 'https://x.example', '--background', 'rgb(256,0,0)'],
    /--background.*0-255/,
  ],
  [
    'rgb negative',
    ['qr', 'add', '--type', 'link', '--data', 'https://x.example', '--background', 'rgb(-1,0,0)'],
    /--background/,
  ],
  [
    'rgb of two values',
    ['qr', 'add', '--type', 'link', '--data', 'https://x.example', '--foreground', 'rgb(1,2)'],
    /--foreground/,
  ],
  [
    'rgb as hex',
    ['qr', 'add', '--type', 'link', '--data', 'https://x.example', '--foreground', '#ffffff'],
    /--foreground/,
  ],
  [
    'rgb over 255 on update',
    ['qr', 'update', '1', '--data', 'https://x.example', '--background', 'rgb(0,0,300)'],
    /--background/,
  ],
  [
    'February 30th',
    ['urls', 'add', 'https://e.example', '--expiry', '2026-02-30 10:00:00'],
    /--expiry.*not a real date/,
  ],
  ['April 31st', ['urls', 'add', 'https://e.example', '--expiry', '2026-04-31 00:00:00'], /not a real date/],
  [
    'Feb 29th of a common year',
    ['urls', 'add', 'https://e.example', '--expiry', '2025-02-29 00:00:00'],
    /not a real date/,
  ],
  ['month 13', ['urls', 'add', 'https://e.example', '--expiry', '2026-13-01 00:00:00'], /not a real date/],
  ['hour 24', ['urls', 'add', 'https://e.example', '--expiry', '2026-01-01 24:00:00'], /not a real date and time/],
  [
    'expiry in the past',
    ['urls', 'add', 'https://e.example', '--expiry', '2026-02-03'],
    /--expiry "2026-02-03": 2026-02-03 23:59:59 \(local time\) is in the past/,
  ],
  ['legacy expiry in the past', ['legacy', 'create', 'https://e.example', '--expiry', '2026-02-03'], /in the past/],
  [
    'legacy February 30th',
    ['legacy', 'create', 'https://e.example', '--expiry', '2026-02-30'],
    /--expiry "2026-02-30": not a real date/,
  ],
  [
    'legacy date unpadded, not real',
    ['legacy', 'create', 'https://e.example', '--expiry', '2036-2-30'],
    /"2036-2-30": not a real date/,
  ],
  [
    'legacy date read two ways',
    ['legacy', 'create', 'https://e.example', '--expiry', '01/02/2036'],
    /"01\/02\/2036": ambiguous: 2036-01-02 or 2036-02-01\?/,
  ],
  [
    'unknown pixel type',
    ['pixels', 'add', '--type', 'foo', '--name', 'n', '--tag', 't'],
    /invalid pixel type "foo": expected one of gtmpixel/,
  ],
  ['unknown QR type', ['qr', 'add', '--type', 'foo', '--data', 'x'], /invalid QR type "foo"/],
  [
    'unknown channel item type',
    ['channels', 'assign', '1', 'posts', '2'],
    /invalid item type "posts": expected link, qr or bio/,
  ],
  ['unknown link type', ['urls', 'add', 'https://e.example', '--type', 'popup'], /--type "popup"/],
  ['unknown order', ['urls', 'list', '--order', 'sideways'], /--order/],
  [
    'unknown output format',
    ['urls', 'list', '-o', 'xml'],
    /^shorty: invalid value "xml" for -o: choose table, json, ndjson, csv or tsv$/,
  ],
  ['unknown shell', ['completion', 'tcsh'], /^shorty: invalid value "tcsh" for <shell>: choose bash, zsh or fish$/],
  ['unknown HTTP method', ['api', 'FOO', '/urls'], /invalid method "FOO"/],
  ['alias too short', ['urls', 'add', 'https://e.example', '--custom', 'ab'], /at least 3/],
  ['public and private', ['campaigns', 'add', '--public', '--private'], /exclude each other/],
  ['bad email', ['account', 'update', '--email', 'notanemail'], /invalid email/],
  ['unknown config key', ['config', 'set', 'nokey', '1'], /unknown config key "nokey"/],
];

const FLAGS_AND_ARGS: Case[] = [
  ['unknown flag', ['urls', 'list', '--bogus'], /^shorty: unknown option "--bogus" for "shorty urls list"$/],
  ['unknown flag after an argument', ['urls', 'add', 'https://x.example', '--nope'], /unknown option "--nope"/],
  ['misspelt global flag', ['--outptu', 'json', 'urls', 'list'], /unknown option "--outptu"/],
  ['unknown short flag', ['urls', 'list', '-Z'], /unknown option "-Z"/],
  ['unknown command', ['urls', 'frobnicate'], /^shorty: unknown command "frobnicate" for "shorty urls"$/],
  ['misspelt command', ['urls', 'lst'], /^shorty: unknown command "lst" for "shorty urls"$/],
  ['misspelt flag', ['urls', 'list', '--limt', '3'], /^shorty: unknown option "--limt" for "shorty urls list"$/],
  ['get without a link', ['urls', 'get'], /missing argument <link>/],
  ['add without a URL', ['urls', 'add'], /missing argument <longurl>/],
  ['assign without a link', ['campaigns', 'assign', '1'], /missing argument </],
  ['assign without an item', ['channels', 'assign', '1', 'links'], /missing argument </],
  [
    'pixel without a type',
    ['pixels', 'add', '--name', 'n', '--tag', 't'],
    /missing required option --type for "shorty pixels add"/,
  ],
  ['pixel without a tag', ['pixels', 'add', '--type', 'gtmpixel', '--name', 'n'], /missing required option --tag/],
  ['QR without data', ['qr', 'add', '--type', 'link'], /missing required option --data/],
  ['legacy create without a URL', ['legacy', 'create'], /missing argument <longurl>/],
  ['lookup without a link', ['urls', 'lookup'], /missing argument <link>/],
  ['update with nothing to change', ['urls', 'update', '3'], /nothing to update/],
  ['--limit 0', ['urls', 'list', '--limit', '0'], /--limit/],
  ['--page -1', ['urls', 'list', '--page', '-1'], /--page "-1"/],
  ['--limit 1e3', ['urls', 'list', '--limit', '1e3'], /--limit "1e3"/],
  ['empty --fields', ['urls', 'list', '--fields', ''], /--fields needs at least one/],
  ['--rate-limit 0/60s', ['urls', 'list', '--rate-limit', '0/60s'], /invalid rate limit/],
  ['--rate-limit abc', ['urls', 'list', '--rate-limit', 'abc'], /invalid rate limit/],
  ['--timeout abc', ['urls', 'list', '--timeout', 'abc'], /invalid --timeout "abc"/],
  ['--timeout 0', ['urls', 'list', '--timeout', '0'], /invalid --timeout "0"/],
  ['--input with GET', ['api', 'GET', '/urls', '--input', '/nonexistent'], /--input sends a body/],
  ['-f without =', ['api', 'GET', '/urls', '-f', 'novalue'], /use key=value/],
];

const OVERSIZED: Case[] = [
  ['id past 2^53', ['urls', 'get', huge], /invalid link id/],
  ['--limit past 2^53', ['urls', 'list', '--limit', huge], /invalid --limit/],
  ['--timeout past Node timers', ['urls', 'list', '--timeout', '3000000'], /--timeout "3000000": must be between/],
  ['--timeout 1e308', ['urls', 'list', '--timeout', '1e308'], /must be between/],
  ['--timeout under a millisecond', ['urls', 'list', '--timeout', '0.0001'], /must be between/],
  ['--rate-limit window over a day', ['urls', 'list', '--rate-limit', '1/99999999s'], /invalid rate limit/],
  ['--rate-limit cap of 8 digits', ['urls', 'list', '--rate-limit', '99999999/1s'], /invalid rate limit/],
  ['--type id past 2^53', ['urls', 'add', 'https://e.example', '--type', huge], /invalid --type/],
];

const IMPORT_FILES: Case[] = [
  [
    'CSV with an unclosed quote',
    ['urls', 'import', file('open-quote.csv')],
    /cannot read the CSV input: the quote opened on line \d+ is never closed/,
  ],
  ['CSV in Latin-1', ['urls', 'import', file('latin1.csv')], /latin1\.csv is not valid UTF-8 text/],
  ['lines with invalid UTF-8', ['urls', 'import', file('bad-utf8.txt')], /bad-utf8\.txt is not valid UTF-8 text/],
  ['CSV naming a column twice', ['urls', 'import', file('duplicate-column.csv')], /names the column "URL" twice/],
  [
    'CSV without a url column',
    ['urls', 'import', file('no-url-column.csv')],
    /has no column of long URLs among "custom", "title"; accepted names: url, /,
  ],
  ['missing file', ['urls', 'import', file('missing.csv')], /cannot read .*missing\.csv: no such file/],
  [
    'unknown input format',
    ['urls', 'import', '--format', 'xml', file('extra-cells.csv')],
    /^shorty: invalid value "xml" for --format: choose csv, lines, ndjson or json$/,
  ],
  ['unknown --if-exists', ['urls', 'import', '--if-exists', 'maybe', file('extra-cells.csv')], /--if-exists/],
];

describe.each([
  ['URLs and schemes', URLS],
  ['ids', IDS],
  ['colours, dates and types', VALUES],
  ['flags and arguments', FLAGS_AND_ARGS],
  ['oversized values', OVERSIZED],
  ['import input', IMPORT_FILES],
])('%s: exit 2, one clear line, nothing sent', (_group, cases) => {
  test.each(cases)('%s', async (_name, args, message) => {
    const res = await shorty(args);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stdout).toBe('');
    const lines = res.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^shorty: /);
    expect(lines[0]).toMatch(message);
    // At most a hint after the message: no stack, no help dump.
    expect(lines.slice(1).every((line) => line.startsWith('hint: '))).toBe(true);
    expect((await sandbox.admin.stats()).requests).toBe(0);
  });
});

describe('import rows that cannot be sent are reported invalid, and nothing is sent', () => {
  test.each([
    ['more cells than the header', 'extra-cells.csv', /the row has 3 fields but the header has 1/],
    ['broken JSON line', 'broken.ndjson', /not valid JSON/],
    ['a JSON array instead of an object', 'array.ndjson', /expected a JSON object/, '--format', 'ndjson'],
    ['a pixel id that is not a number', 'bad-row.csv', /pixel/],
    ['an impossible expiry', 'bad-expiry.csv', /not a real date/],
    ['an ftp URL', 'bad-scheme.txt', /only http and https/],
  ] as [string, string, RegExp, ...string[]][])('%s', async (_name, name, message, ...flags) => {
    const res = await shorty(['urls', 'import', file(name), '-o', 'ndjson', ...flags]);
    expect(res.exitCode, res.stderr).toBe(1);
    const rows = res.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows).toHaveLength(1);
    // A CSV's first record after the header is row 2, as a spreadsheet shows it.
    expect(rows[0]).toMatchObject({ row: name.endsWith('.csv') ? 2 : 1, status: 'invalid' });
    expect(rows[0].error).toMatch(message);
    expect((await sandbox.admin.stats()).requests).toBe(0);
  });

  test('invalid UTF-8 on stdin stops the import before anything is sent', async () => {
    const res = await shorty(
      ['urls', 'import', '-'],
      Buffer.from([...Buffer.from('https://example.com/'), 0xff, 0x0a]),
      runCli,
    );
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toMatch(/^shorty: stdin is not valid UTF-8 text$/m);
    expect((await sandbox.admin.stats()).requests).toBe(0);
  });

  test('valid UTF-8 split across read chunks is accepted', async () => {
    // 'ü' straddles the 16 KiB read boundary: a streaming decoder must not call it invalid.
    const padding = `https://example.com/${'p'.repeat(16 * 1024 - 21)}`;
    const path = file('boundary.txt');
    writeFileSync(path, `${padding}ü\n`);
    expect(Buffer.byteLength(`${padding}`)).toBe(16 * 1024 - 1);
    const res = await shorty(['urls', 'import', path, '--dry-run', '-o', 'ndjson']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).status).toBe('valid');
  });
});

test('the table covers at least 60 invalid invocations', () => {
  expect(
    URLS.length + IDS.length + VALUES.length + FLAGS_AND_ARGS.length + OVERSIZED.length + IMPORT_FILES.length,
  ).toBeGreaterThanOrEqual(60);
});
