// Every fixture is a file as a spreadsheet program writes it (test/fixtures/import/README.md):
// imported as it is, each column lands in its link field, and no row becomes a junk link.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, run, runLogged } = useSandboxCli({
  inProcess: true,
  rateLimit: '100000/60s',
  clientRateLimit: '100000/60s',
  resetData: true,
});
const fixture = (name: string) => join(ROOT, 'test', 'fixtures', 'import', name);
const csv = (text: string): Record<string, string>[] => parse(text, { columns: true });
type Body = Record<string, unknown>;

const FIXTURES: [file: string, flags: string[], bodies: Body[]][] = [
  [
    'excel-comma.csv',
    ['--encoding', 'windows-1252'],
    [
      {
        url: 'https://example.com/caf%C3%A9?x=1',
        custom: 'xl-comma-1',
        metatitle: 'Café crème',
        metadescription: 'Menu, drinks',
      },
      { url: 'https://example.com/b', custom: 'xl-comma-2', metatitle: 'Line one\nline two', metadescription: 'Plain' },
      { url: 'https://example.com/c', metatitle: 'He said "hi"' },
    ],
  ],
  [
    'excel-semicolon.csv',
    ['--encoding', 'windows-1252'],
    [
      { url: 'https://example.com/a', custom: 'xl-semi-1', metatitle: 'Café crème' },
      { url: 'https://example.com/b?q=1,2', custom: 'xl-semi-2', metatitle: 'Prix; promo' },
      { url: 'https://example.com/c', custom: 'xl-semi-3', metatitle: 'Größe' },
    ],
  ],
  [
    'excel-sep-line.csv',
    ['--encoding', 'windows-1252'],
    [
      { url: 'https://example.com/s1', custom: 'xl-sep-1', metatitle: 'Prix; promo', expiry: '2030-01-31 23:59:59' },
      { url: 'https://example.com/s2', custom: 'xl-sep-2', metatitle: 'Café' },
    ],
  ],
  [
    'excel-utf8-bom.csv',
    [],
    [
      {
        url: 'https://example.com/gr%C3%BC%C3%9Fe',
        custom: 'xl-utf8-1',
        metatitle: 'Grüße 👋',
        metadescription: '東京',
      },
      { url: 'https://xn--bcher-kva.example/x%20y', custom: 'xl-utf8-2', metatitle: 'Quote "this"' },
    ],
  ],
  [
    'excel-unicode-text.txt',
    [],
    [
      { url: 'https://example.com/u1', custom: 'xl-utf16-1', metatitle: 'Wave 👋', metadescription: 'He said "hi"' },
      { url: 'https://example.com/u2', custom: 'xl-utf16-2', metatitle: 'Café', metadescription: 'Tab-free' },
    ],
  ],
  [
    'excel-mac.csv',
    ['--encoding', 'macintosh'],
    [
      { url: 'https://example.com/m1', custom: 'xl-mac-1', metatitle: 'Café' },
      { url: 'https://example.com/m2', custom: 'xl-mac-2', metatitle: 'Naïve' },
    ],
  ],
  [
    'google-sheets.csv',
    [],
    [
      { url: 'https://example.com/g1', custom: 'gs-csv-1', metatitle: 'Spring, sale', expiry: '2030-12-31 23:59:59' },
      { url: 'https://example.com/g2', custom: 'gs-csv-2', metatitle: 'Ünïcödé' },
    ],
  ],
  [
    'google-sheets.tsv',
    [],
    [
      {
        url: 'https://example.com/t1',
        custom: 'gs-tsv-1',
        metatitle: 'First, with comma',
        metadescription: 'Semi; colon',
      },
      { url: 'https://example.com/t2', custom: 'gs-tsv-2', metatitle: 'Second' },
    ],
  ],
  [
    'numbers.csv',
    [],
    [
      { url: 'https://example.com/n1', custom: 'numbers-1', metatitle: 'Apples, pears' },
      { url: 'https://example.com/n2', custom: 'numbers-2', metatitle: 'Crème brûlée' },
    ],
  ],
  [
    'libreoffice-pipe.csv',
    [],
    [
      { url: 'https://example.com/l1', custom: 'lo-pipe-1', metatitle: 'A | B', metadescription: 'Comma, fine' },
      { url: 'https://example.com/l2', custom: 'lo-pipe-2', metatitle: 'Plain', metadescription: 'Two\nlines' },
    ],
  ],
];

const byUrl = (a: Body, b: Body) => String(a.url).localeCompare(String(b.url));

describe.each(FIXTURES)('%s', (file, flags, bodies) => {
  test('--dry-run: every row valid, no warning, nothing sent', async () => {
    const res = await runLogged(['urls', 'import', fixture(file), '--dry-run', ...flags]);
    expect(res.stderr).not.toMatch(/warning|invalid/);
    expect(res.exitCode).toBe(0);
    expect(csv(res.stdout).map((r) => r.status)).toEqual(bodies.map(() => 'valid'));
    expect(res.requests).toEqual([]);
  });

  test('import: each column lands in its field; the links carry the alias and title', async () => {
    const res = await runLogged(['urls', 'import', fixture(file), ...flags]);
    expect(res.stderr).not.toMatch(/warning/);
    expect(res.exitCode).toBe(0);
    const results = csv(res.stdout);
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 'ok'));
    const sent = res.requests.filter((r) => r.path === '/api/url/add').map((r) => r.body as Body);
    expect(sent.sort(byUrl)).toEqual([...bodies].sort(byUrl));

    const links = (await sandbox.api('GET', '/urls?limit=100')).json.data.urls as Body[];
    expect(links).toHaveLength(bodies.length);
    for (const body of bodies) {
      const link = links.find((l) => l.longurl === body.url);
      expect(link).toMatchObject({ title: body.metatitle, description: body.metadescription ?? '' });
      if (body.custom) expect(link?.alias).toBe(body.custom);
    }
  });
});

// The same files as the desired state of `urls sync`: applied once, the account then matches them
// exactly (no cell read back differently: accents, quotes, line breaks, dates), so a second run
// sends no write. Keyed by long URL, since some rows have no alias.
describe.each(FIXTURES)('urls sync %s', (file, flags, bodies) => {
  test('applied, then --check finds nothing to change and writes nothing', async () => {
    const applied = await runLogged(['urls', 'sync', fixture(file), '--key', 'url', '-y', ...flags]);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.requests.filter((r) => r.path === '/api/url/add')).toHaveLength(bodies.length);
    const check = await runLogged(['urls', 'sync', fixture(file), '--key', 'url', '--check', ...flags]);
    expect(check.exitCode, `${check.stdout}${check.stderr}`).toBe(0);
    expect(check.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/urls']);
  });
});

describe('spreadsheet files read wrong are stopped, never shortened as junk', () => {
  test('windows-1252 without --encoding: exit 2, the hint names --encoding, nothing sent', async () => {
    const res = await runLogged(['urls', 'import', fixture('excel-semicolon.csv')]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/excel-semicolon\.csv is not valid UTF-8 text\nhint: .*--encoding windows-1252/);
    expect(res.requests).toEqual([]);
  });

  test('forcing the wrong format: each line is invalid, never sent', async () => {
    const res = await runLogged([
      'urls',
      'import',
      fixture('excel-semicolon.csv'),
      '--format',
      'lines',
      '--encoding',
      'windows-1252',
    ]);
    expect(res.exitCode).toBe(1);
    expect(csv(res.stdout).map((r) => [r.status, r.error.replace(/;.*/, '')])).toEqual([
      ['invalid', 'not one URL: the line holds a semicolon'],
      ['invalid', 'not one URL: the line holds a semicolon'],
      ['invalid', 'not one URL: the line holds a semicolon'],
      ['invalid', 'not one URL: the line holds a semicolon'],
    ]);
    expect(res.requests).toEqual([]);
  });

  test('--delimiter overrides the detected one', async () => {
    const res = await run(['urls', 'import', fixture('google-sheets.tsv'), '--delimiter', ',', '--dry-run']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/has no column of long URLs among "Destination URL\\tAlias/);
  });
});

describe("Excel's own edges: sep= lines, CRLF, unclosed quotes, --failed-out", () => {
  const dir = tempDir('shorty-sheets-');
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  test('an unclosed quote is named on the line it opened, in a 306-line CRLF file', async () => {
    const lines = ['url,title', ...Array.from({ length: 305 }, (_, i) => `https://example.com/${i},t${i}`)];
    lines[4] = 'https://example.com/open,"never closed';
    const res = await runLogged(['urls', 'import', write('open-quote.csv', `${lines.join('\r\n')}\r\n`), '--dry-run']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: cannot read the CSV input: the quote opened on line 5 is never closed/m);
    expect(res.requests).toEqual([]);
  });

  test('lines are counted as the file has them: a quoted CRLF cell before, a sep= line first', async () => {
    const text = 'sep=,\r\nurl,title\r\nhttps://example.com/a,"two\r\nlines"\r\n\r\nhttps://example.com/b,"open\r\n';
    const res = await run(['urls', 'import', write('open-late.csv', text), '--dry-run']);
    expect(res.stderr).toMatch(/the quote opened on line 6 is never closed/);
  });

  test('sep=; names the delimiter and is not a row: rows are numbered as Excel shows them', async () => {
    const text = 'sep=;\r\nurl;alias\r\nhttps://example.com/a;one\r\nnot a url;two\r\n';
    const res = await run(['urls', 'import', write('sep.csv', text), '--dry-run']);
    expect(res.exitCode).toBe(1);
    expect(csv(res.stdout).map((r) => [r.row, r.status, r.alias])).toEqual([
      ['2', 'valid', 'one'],
      ['3', 'invalid', 'two'],
    ]);
  });

  test('a sep= line naming a delimiter shorty does not read is exit 2', async () => {
    const res = await run(['urls', 'import', write('sep-colon.csv', 'sep=:\r\nurl:alias\r\n'), '--dry-run']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/the first line "sep=:" names a delimiter shorty does not read/);
  });

  test('--failed-out of a CRLF file: CRLF, a row column as the results name rows, and it imports again', async () => {
    const text =
      'sep=;\r\nURL;Alias;Expires\r\nhttps://example.com/ok;fo-ok;Jan 31 2030\r\n\r\nftp://bad;fo-bad;31.01.2030\r\nhttps://example.com/d;fo-d;01/02/2030\r\n';
    const failed = join(dir, 'failed.csv');
    const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
    const res = await run(['urls', 'import', write('crlf.csv', text), '--failed-out', failed]);
    expect(res.exitCode).toBe(1);
    const rows = csv(res.stdout);
    expect(rows.map((r) => [r.row, r.status])).toEqual([
      ['2', 'ok'],
      ['4', 'invalid'],
      ['5', 'invalid'],
    ]);
    expect(rows[2].error).toMatch(/ambiguous: 2030-01-02 or 2030-02-01/);
    const out = readFileSync(failed, 'utf8');
    expect(out.split('\r\n').slice(0, 3)).toEqual([
      'URL;Alias;Expires;row;error',
      `ftp://bad;fo-bad;31.01.2030;4;${quoted(rows[1].error)}`,
      `https://example.com/d;fo-d;01/02/2030;5;${quoted(rows[2].error)}`,
    ]);
    expect(out.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const again = await run(['urls', 'import', failed, '--dry-run']);
    expect(again.stderr).not.toMatch(/warning/);
    expect(csv(again.stdout).map((r) => [r.row, r.Alias, r.status])).toEqual([
      ['2', 'fo-bad', 'invalid'],
      ['3', 'fo-d', 'invalid'],
    ]);
  });
});

describe("--failed-out of Excel's Unicode text", () => {
  test('UTF-16 LE with its mark, tabs and CRLF, as the input was; a row column; it imports again', async () => {
    const dir = tempDir('shorty-utf16-');
    const input = join(dir, 'unicode.txt');
    writeFileSync(
      input,
      Buffer.from('\uFEFFURL\tTitle\r\nftp://bad\tCafé\r\nhttps://example.com/ok\tOk\r\n', 'utf16le'),
    );
    const failed = join(dir, 'failed.txt');
    const res = await run(['urls', 'import', input, '--failed-out', failed]);
    expect(res.exitCode).toBe(1);
    const bytes = readFileSync(failed);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const text = new TextDecoder('utf-16le').decode(bytes);
    expect(text.split('\r\n').slice(0, 2)).toEqual([
      'URL\tTitle\trow\terror',
      expect.stringMatching(/^ftp:\/\/bad\tCafé\t2\t/),
    ]);
    const again = await run(['urls', 'import', failed, '--dry-run']);
    expect(again.stderr).not.toMatch(/warning/);
    expect(csv(again.stdout).map((r) => [r.row, r.Title, r.status])).toEqual([['2', 'Café', 'invalid']]);
  });
});

describe('urls import --fields: the result columns, and the input columns by their own names or their link field', () => {
  test("a spreadsheet's headers, their link fields and the result columns; anything else is exit 2 before any request", async () => {
    // Destination, Back-half, Title, Description: `url` and `Custom Alias` name the first two.
    const file = fixture('excel-utf8-bom.csv');
    const res = await runLogged(['urls', 'import', file, '--dry-run', '--fields', 'row,url,Custom Alias,title,status']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(csv(res.stdout)).toEqual([
      {
        row: '2',
        url: 'https://example.com/grüße',
        'Custom Alias': 'xl-utf8-1',
        title: 'Grüße 👋',
        status: 'valid',
      },
      {
        row: '3',
        url: 'https://bücher.example/x y',
        'Custom Alias': 'xl-utf8-2',
        title: 'Quote "this"',
        status: 'valid',
      },
    ]);
    const unknown = await runLogged(['urls', 'import', file, '--fields', 'url,clicks', '--if-exists', 'skip']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/^shorty: unknown field "clicks": not a result column, nor a column of the input$/m);
    expect(unknown.stderr).toMatch(
      /^hint: valid fields: row, status, id, alias, shorturl, longurl, error, Destination, Back-half, Title, Description, url, custom, metatitle, metadescription$/m,
    );
    expect(unknown.requests).toEqual([]);
  });

  test("shorty's own export read back: its columns by name, the result's, and the link fields they hold", async () => {
    await sandbox.api('POST', '/url/add', { url: 'https://example.com/own', custom: 'own-export', metatitle: 'Own' });
    const exported = await run(['urls', 'export']);
    const dir = tempDir('shorty-fields-');
    const path = join(dir, 'export.csv');
    writeFileSync(path, exported.stdout);
    const res = await run(['urls', 'import', path, '--dry-run', '--fields', 'custom,metatitle,url,status,alias']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(csv(res.stdout)).toEqual([
      { custom: 'own-export', metatitle: 'Own', url: 'https://example.com/own', status: 'valid', alias: 'own-export' },
    ]);
  });
});
