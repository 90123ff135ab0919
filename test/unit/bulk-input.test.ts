import { describe, expect, test } from 'vitest';
import { decodeText } from '../../src/bulk/engine/read/decode.js';
import { detectInputShape, parseDelimiter, type InputShape } from '../../src/bulk/engine/read/format.js';
import { cellsFromJson, readRows, type SourceRow } from '../../src/bulk/engine/read/rows.js';
import { checkRow, CredentialRows, linkBodyKey } from '../../src/bulk/engine/check/row-check.js';
import { linkCellFromJson, linkCellFromText } from '../../src/input/link-cells.js';

const CSV: InputShape = { format: 'csv', delimiter: ',' };

async function rows(text: string | string[], shape: InputShape | 'lines' | 'ndjson'): Promise<SourceRow[]> {
  const out: SourceRow[] = [];
  const s = typeof shape === 'string' ? { format: shape, delimiter: ',' as const } : shape;
  for await (const row of readRows(typeof text === 'string' ? [text] : text, s)) out.push(row);
  return out;
}

const cells = (list: SourceRow[]) =>
  list.map((r) => (r.problem ? { row: r.row, cells: r.cells, problem: r.problem } : { row: r.row, cells: r.cells }));

describe('detectInputShape', () => {
  test.each([
    ['url,custom\nhttps://a.example,x', 'csv', ','],
    ['\uFEFFlongurl;alias\r\n', 'csv', ';'],
    ['url;custom;metatitle\nhttps://example.com/a;spring;Café crème\n', 'csv', ';'],
    ['Long URL\tTitle\tAlias\n', 'csv', '\t'],
    ['URL|ALIAS|TITLE\n', 'csv', '|'],
    ['"url;x","alias"\r\n', 'csv', ','],
    ['Title,Notes;more\n', 'csv', ','],
    ['\uFEFF"url","alias"\r\n', 'csv', ','],
    ['URL\nhttps://a.example', 'csv', ','],
    ['alias\n', 'csv', ','],
    ['https://example.com/a,b\nhttps://example.com/c', 'lines', ','],
    ['https://example.com/a;spring;x\n', 'lines', ','],
    ['https://example.com/a\tspring\n', 'lines', ','],
    ['\n\n  https://example.com\n', 'lines', ','],
    ['example.com/path\n', 'lines', ','],
    ['{"url":"https://example.com"}\n', 'ndjson', ','],
    ['', 'lines', ','],
  ])('%j is %s with %j', async (head, format, delimiter) => {
    expect(await detectInputShape(head)).toEqual({ format, delimiter });
  });

  test('flags and the file name decide before the content', async () => {
    expect(await detectInputShape('url;a,b\n', { delimiter: ',' })).toEqual({ format: 'csv', delimiter: ',' });
    expect(await detectInputShape('https://a.example\n', { delimiter: '\t' })).toEqual({
      format: 'csv',
      delimiter: '\t',
    });
    expect(await detectInputShape('url,title\n', { path: 'links.TSV' })).toEqual({ format: 'csv', delimiter: '\t' });
    expect(await detectInputShape('https://a.example\n', { path: 'links.tsv' })).toEqual({
      format: 'lines',
      delimiter: ',',
    });
    expect(await detectInputShape('Ziel\n', { map: new Map([['ziel', 'url']]) })).toEqual({
      format: 'csv',
      delimiter: ',',
    });
    expect(await detectInputShape('Ziel\n')).toEqual({ format: 'lines', delimiter: ',' });
  });

  test.each([
    ['tab', '\t'],
    ['\\t', '\t'],
    ['\t', '\t'],
    [';', ';'],
    [',', ','],
    ['|', '|'],
    ['Semicolon', ';'],
    ['pipe', '|'],
  ])('--delimiter %j', (text, delimiter) => {
    expect(parseDelimiter(text)).toBe(delimiter);
  });

  test('an unknown --delimiter is a usage error', () => {
    expect(() => parseDelimiter(':')).toThrow(/invalid --delimiter ":"/);
  });
});

describe('decodeText', () => {
  async function decode(bytes: Buffer | Buffer[], encoding?: string): Promise<string> {
    let out = '';
    const chunks = async function* () {
      yield* Array.isArray(bytes) ? bytes : [bytes];
    };
    for await (const text of decodeText(chunks(), { encoding, label: 'in.csv' })) out += text;
    return out;
  }

  test('byte order marks choose the encoding and are dropped, wherever the chunks are cut', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('url\tx 👋\r\n', 'utf16le')]);
    expect(await decode(utf16)).toBe('url\tx 👋\r\n');
    expect(await decode([utf16.subarray(0, 1), utf16.subarray(1, 3), utf16.subarray(3)])).toBe('url\tx 👋\r\n');
    const be = Buffer.from(utf16.subarray(2)).swap16();
    expect(await decode(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe('url\tx 👋\r\n');
    expect(await decode(Buffer.from('\uFEFFurl,é', 'utf8'))).toBe('url,é');
    // the mark wins over --encoding, as in browsers
    expect(await decode(Buffer.from('\uFEFFé', 'utf8'), 'windows-1252')).toBe('é');
  });

  test('--encoding decodes the rest; UTF-8 is the default and must be valid', async () => {
    expect(await decode(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x80]), 'windows-1252')).toBe('Café€');
    expect(await decode(Buffer.from('Grüße', 'utf8'))).toBe('Grüße');
    await expect(decode(Buffer.from([0x43, 0x61, 0x66, 0xe9]))).rejects.toThrow(/^in\.csv is not valid UTF-8 text$/);
    await expect(decode(Buffer.from([0x41]))).resolves.toBe('A');
  });
});

describe('readRows csv', () => {
  test('CRLF, quoted commas, quotes and newlines, UTF-8', async () => {
    const text =
      'url,metatitle\r\nhttps://example.com/a,"Hello, ""world"""\r\nhttps://example.com/b,"two\r\nlines"\r\nhttps://example.com/ü,Grüße 👋\r\n';
    expect(cells(await rows(text, CSV))).toEqual([
      // A spreadsheet's row numbers: the header is row 1; a cell's line break stays in its row.
      { row: 2, cells: { url: 'https://example.com/a', metatitle: 'Hello, "world"' } },
      { row: 3, cells: { url: 'https://example.com/b', metatitle: 'two\r\nlines' } },
      { row: 4, cells: { url: 'https://example.com/ü', metatitle: 'Grüße 👋' } },
    ]);
  });

  test('semicolons, tabs and pipes; CR-only line endings', async () => {
    expect(
      cells(await rows('url;title\r\nhttps://a.example/?q=1,2;"x; y"\r\n', { format: 'csv', delimiter: ';' })),
    ).toEqual([{ row: 2, cells: { url: 'https://a.example/?q=1,2', title: 'x; y' } }]);
    expect(
      cells(await rows('url\ttitle\nhttps://a.example\tA, b\n', { format: 'csv', delimiter: '\t' }))[0].cells,
    ).toEqual({ url: 'https://a.example', title: 'A, b' });
    expect(
      cells(
        await rows('url|title\rhttps://a.example|"A | b"\rhttps://b.example|c\r', { format: 'csv', delimiter: '|' }),
      ),
    ).toEqual([
      { row: 2, cells: { url: 'https://a.example', title: 'A | b' } },
      { row: 3, cells: { url: 'https://b.example', title: 'c' } },
    ]);
  });

  test('each row carries the plan of its header', async () => {
    const [first] = await rows('Long URL,Title,Alias,Notes\nhttps://a.example,T,abc,n\n', CSV);
    expect(first.columns?.fields).toEqual([
      ['Long URL', 'url'],
      ['Title', 'metatitle'],
      ['Alias', 'custom'],
    ]);
    expect(first.columns?.unknown).toEqual(['Notes']);
    expect(checkRow(first)).toEqual({
      valid: true,
      body: { url: 'https://a.example/', custom: 'abc', metatitle: 'T' },
    });
  });

  test('blank lines are no links but count as rows, as a spreadsheet shows them; short rows are padded; extra non-empty cells make a problem', async () => {
    const parsed = await rows('url,custom\n\nhttps://a.example\n,,\nhttps://b.example,bee,extra\n', CSV);
    expect(cells(parsed)).toEqual([
      { row: 3, cells: { url: 'https://a.example', custom: '' } },
      {
        row: 5,
        cells: { url: 'https://b.example', custom: 'bee' },
        problem: 'the row has 3 fields but the header has 2',
      },
    ]);
  });

  test('a duplicate header is a usage error', async () => {
    await expect(rows('url,URL\nhttps://a.example,x\n', CSV)).rejects.toThrow(/twice/);
  });

  test('an unclosed quote is a usage error naming the problem', async () => {
    await expect(rows('url,metatitle\nhttps://a.example,"never closed\n', CSV)).rejects.toThrow(
      /cannot read the CSV input/,
    );
  });

  test('a record past 1 MiB is refused without reading the rest', async () => {
    const endless = function* () {
      yield 'url,title\nhttps://a.example,"';
      for (let i = 0; i < 64 * 1024; i++) yield 'x'.repeat(1024);
      throw new Error('read past the limit');
    };
    const out: SourceRow[] = [];
    await expect(
      (async () => {
        for await (const row of readRows(endless(), CSV)) out.push(row);
      })(),
    ).rejects.toThrow(/cannot read the CSV input: .*Max Record Size/);
  });
});

describe('readRows lines and ndjson', () => {
  test('lines: trimmed, blank lines and # comments skipped (and counted), CRLF and CR', async () => {
    expect(
      cells(await rows('https://a.example\r\n\r\n# note\r\n  https://b.example/x,y  \rhttps://c.example\n', 'lines')),
    ).toEqual([
      // Line numbers: blank lines and comments count.
      { row: 1, cells: { url: 'https://a.example' } },
      { row: 4, cells: { url: 'https://b.example/x,y' } },
      { row: 5, cells: { url: 'https://c.example' } },
    ]);
  });

  test('lines: a line with a space, a tab or a semicolon is not one URL', async () => {
    const parsed = await rows(
      'https://example.com/a;spring;Café crème\nhttps://a.example\tx\nhttps://a.example/a b\nhttps://ok.example\n',
      'lines',
    );
    expect(parsed.map((r) => r.problem?.replace(/;.*/, ''))).toEqual([
      'not one URL: the line holds a semicolon',
      'not one URL: the line holds a tab',
      'not one URL: the line holds a space',
      undefined,
    ]);
    expect(parsed.map((r) => checkRow(r).valid)).toEqual([false, false, false, true]);
  });

  test('ndjson: objects become cells, bad lines become problems, synonyms are read', async () => {
    const parsed = await rows(
      '{"url":"https://a.example","pixels":[1,2]}\n\nnot json\n[1]\n{"long_url":"https://b.example","title":"T"}\n',
      'ndjson',
    );
    expect(cells(parsed)).toEqual([
      { row: 1, cells: { url: 'https://a.example', pixels: '1;2' } },
      { row: 3, cells: { line: 'not json' }, problem: 'not valid JSON' },
      { row: 4, cells: { line: '[1]' }, problem: 'expected a JSON object (a link record)' },
      { row: 5, cells: { long_url: 'https://b.example', title: 'T' } },
    ]);
    expect(checkRow(parsed[3])).toEqual({ valid: true, body: { url: 'https://b.example/', metatitle: 'T' } });
  });

  test('cellsFromJson writes link-body shapes in their column syntax', () => {
    expect(
      cellsFromJson({
        url: 'https://a.example',
        channel: 3,
        geotarget: [{ location: 'Canada', link: 'https://a.ca' }],
        deeplink: { apple: 'https://apps.apple.com/x' },
        parameters: [{ name: 'utm', value: 'x' }],
        extra: { a: 1 },
        gone: null,
      }),
    ).toEqual({
      url: 'https://a.example',
      channel: '3',
      geotarget: 'Canada=https://a.ca',
      deeplink: '{"apple":"https://apps.apple.com/x"}',
      parameters: 'utm=x',
      extra: '{"a":1}',
      gone: '',
    });
  });
});

describe('checkRow', () => {
  test('valid rows get a key that depends on the body only', () => {
    const a = checkRow({ row: 1, cells: { url: 'https://a.example', note: 'x' } });
    const b = checkRow({ row: 9, cells: { longurl: ' https://a.example/ ', other: 'y' } });
    const c = checkRow({ row: 1, cells: { url: 'https://a.example', custom: 'abc' } });
    expect(a.valid && b.valid && c.valid).toBe(true);
    if (a.valid && b.valid && c.valid) {
      expect(linkBodyKey(a.body)).toBe(linkBodyKey(b.body));
      expect(linkBodyKey(a.body)).not.toBe(linkBodyKey(c.body));
      expect(linkBodyKey(a.body)).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  test('invalid rows carry the validator message, naming the column as written; read problems pass through', () => {
    expect(checkRow({ row: 1, cells: { url: 'ftp://a.example' } })).toMatchObject({
      valid: false,
      error: expect.stringMatching(/http/),
    });
    expect(checkRow({ row: 1, cells: { 'Long URL': 'nope' } })).toMatchObject({
      valid: false,
      error: expect.stringMatching(/^invalid Long URL "nope"/),
    });
    expect(checkRow({ row: 1, cells: { url: 'https://a.example', pixels: 'x' } })).toMatchObject({ valid: false });
    expect(checkRow({ row: 1, cells: {}, problem: 'not valid JSON' })).toEqual({
      valid: false,
      error: 'not valid JSON',
    });
  });

  test('rows whose URL carries credentials make one warning line', () => {
    const rows = new CredentialRows();
    expect(rows.warning()).toBeUndefined();
    for (let row = 1; row <= 9; row++)
      rows.note(row, { url: row % 2 ? `https://bank.example@evil.example/${row}` : 'https://a.example/' });
    expect(rows.warning()).toBe(
      'warning: the URL of row 1 carries a user name or password before its host; it leads to evil.example' +
        ' (also rows 3, 5, 7, 9)',
    );
  });
});

describe('shorty reads the shapes it prints', () => {
  test('link fields in every shape a record or an answer gives them become their column syntax', () => {
    expect(linkCellFromJson('geotarget', { US: 'https://us.example', DE: 'https://de.example' })).toBe(
      'US=https://us.example;DE=https://de.example',
    );
    expect(linkCellFromJson('devicetarget', [{ device: 'iPhone', link: 'https://i.example' }])).toBe(
      'iPhone=https://i.example',
    );
    expect(linkCellFromJson('languagetarget', ['fr=https://fr.example'])).toBe('fr=https://fr.example');
    expect(linkCellFromJson('parameters', { utm: 'x' })).toBe('utm=x');
    expect(linkCellFromJson('pixels', [{ id: 1 }, 2])).toBe('1;2');
    expect(linkCellFromJson('channel', [])).toBe('');
    expect(linkCellFromJson('channel', { id: 4 })).toBe('4');
    expect(linkCellFromJson('deeplink', {})).toBe('');
    expect(linkCellFromJson('geotarget', null)).toBe('');
    expect(linkCellFromText('geotarget', '{"US":"https://us.example"}')).toBe('US=https://us.example');
    expect(linkCellFromText('geotarget', '{not json')).toBe('{not json');
    expect(linkCellFromText('metatitle', '{"a":1}')).toBe('{"a":1}');
  });

  test('a JSON document: an array of records, or one pretty-printed record, in any chunks', async () => {
    expect(await detectInputShape('[\n  {\n')).toEqual({ format: 'json', delimiter: ',' });
    expect(await detectInputShape('{\n  "id": 1,\n')).toEqual({ format: 'json', delimiter: ',' });
    expect(await detectInputShape('shorturl\nhttps://sho.rt/a\n')).toEqual({ format: 'csv', delimiter: ',' });
    const doc =
      '[\n  {\n    "url": "https://a.example/]},\\"x",\n    "geotarget": {"US": "https://us.example"}\n  },\n  7,\n  {"url": "https://b.example"}\n]\n';
    const chunked = doc.match(/.{1,5}/gs) ?? [];
    const parsed = await rows(chunked, { format: 'json', delimiter: ',' });
    expect(cells(parsed)).toEqual([
      { row: 1, cells: { url: 'https://a.example/]},"x', geotarget: 'US=https://us.example' } },
      { row: 2, cells: { line: '7' }, problem: 'expected a JSON object (a link record)' },
      { row: 3, cells: { url: 'https://b.example' } },
    ]);
    expect(cells(await rows('{\n  "url": "https://c.example"\n}\n', { format: 'json', delimiter: ',' }))).toEqual([
      { row: 1, cells: { url: 'https://c.example' } },
    ]);
  });

  test('tab-separated cells lose the escapes -o tsv writes', async () => {
    const parsed = [];
    for await (const row of readRows(
      ['url\ttitle\nhttps://a.example\ta\\tb\\nc\\\\d\\x\n'],
      { format: 'csv', delimiter: '\t' },
      { tsvEscapes: true },
    ))
      parsed.push(row);
    expect(parsed[0].cells.title).toBe('a\tb\nc\\d\\x');
  });
});
