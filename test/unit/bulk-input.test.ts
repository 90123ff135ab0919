import { describe, expect, test } from 'vitest';
import { detectInputFormat } from '../../src/bulk/input-format.js';
import { cellsFromJson, readRows, splitLines, type SourceRow } from '../../src/bulk/read-rows.js';
import { checkRow, linkBodyKey } from '../../src/bulk/row-check.js';

async function rows(text: string | Buffer[], format: 'csv' | 'lines' | 'ndjson'): Promise<SourceRow[]> {
  const chunks = typeof text === 'string' ? [Buffer.from(text)] : text;
  const out: SourceRow[] = [];
  for await (const row of readRows(chunks, format)) out.push(row);
  return out;
}

describe('detectInputFormat', () => {
  test.each([
    ['url,custom\nhttps://a.example,x', 'csv'],
    ['\uFEFFlongurl;alias\r\n', 'lines'],
    ['\uFEFF"url","alias"\r\n', 'csv'],
    ['URL\nhttps://a.example', 'csv'],
    ['alias\n', 'csv'],
    ['https://example.com/a,b\nhttps://example.com/c', 'lines'],
    ['\n\n  https://example.com\n', 'lines'],
    ['example.com/path\n', 'lines'],
    ['{"url":"https://example.com"}\n', 'ndjson'],
    ['', 'lines'],
  ])('%j is %s', (head, format) => {
    expect(detectInputFormat(head)).toBe(format);
  });
});

describe('readRows csv', () => {
  test('BOM, CRLF, quoted commas, quotes and newlines, UTF-8', async () => {
    const text = '\uFEFFurl,metatitle\r\nhttps://example.com/a,"Hello, ""world"""\r\nhttps://example.com/b,"two\r\nlines"\r\nhttps://example.com/ü,Grüße 👋\r\n';
    expect(await rows(text, 'csv')).toEqual([
      { row: 1, cells: { url: 'https://example.com/a', metatitle: 'Hello, "world"' } },
      { row: 2, cells: { url: 'https://example.com/b', metatitle: 'two\r\nlines' } },
      { row: 3, cells: { url: 'https://example.com/ü', metatitle: 'Grüße 👋' } },
    ]);
  });

  test('a multi-byte character split across chunks survives', async () => {
    const bytes = Buffer.from('url,metatitle\nhttps://example.com,Grüße\n');
    const cut = bytes.indexOf(Buffer.from('ü')) + 1;
    const parsed = await rows([bytes.subarray(0, cut), bytes.subarray(cut)], 'csv');
    expect(parsed[0].cells.metatitle).toBe('Grüße');
  });

  test('blank lines are not rows; short rows are padded; extra non-empty cells make a problem', async () => {
    const parsed = await rows('url,custom\n\nhttps://a.example\n,,\nhttps://b.example,bee,extra\n', 'csv');
    expect(parsed).toEqual([
      { row: 1, cells: { url: 'https://a.example', custom: '' } },
      { row: 2, cells: { url: 'https://b.example', custom: 'bee' }, problem: 'the row has 3 fields but the header has 2' },
    ]);
  });

  test('a duplicate header is a usage error', async () => {
    await expect(rows('url,URL\nhttps://a.example,x\n', 'csv')).rejects.toThrow(/twice/);
  });

  test('an unclosed quote is a usage error naming the problem', async () => {
    await expect(rows('url,metatitle\nhttps://a.example,"never closed\n', 'csv')).rejects.toThrow(/cannot read the CSV input/);
  });
});

describe('readRows lines and ndjson', () => {
  test('lines: trimmed, blank lines and # comments skipped, CRLF', async () => {
    expect(await rows('\uFEFFhttps://a.example\r\n\r\n# note\r\n  https://b.example/x,y  \n', 'lines')).toEqual([
      { row: 1, cells: { url: 'https://a.example' } },
      { row: 2, cells: { url: 'https://b.example/x,y' } },
    ]);
  });

  test('ndjson: objects become cells, bad lines become problems', async () => {
    const parsed = await rows('{"url":"https://a.example","pixels":[1,2]}\n\nnot json\n[1]\n', 'ndjson');
    expect(parsed).toEqual([
      { row: 1, cells: { url: 'https://a.example', pixels: '1;2' } },
      { row: 2, cells: { line: 'not json' }, problem: 'not valid JSON' },
      { row: 3, cells: { line: '[1]' }, problem: 'expected a JSON object per line' },
    ]);
  });

  test('cellsFromJson writes link-body shapes in their column syntax', () => {
    expect(cellsFromJson({
      url: 'https://a.example', channel: 3, geotarget: [{ location: 'Canada', link: 'https://a.ca' }],
      deeplink: { apple: 'https://apps.apple.com/x' }, parameters: [{ name: 'utm', value: 'x' }], extra: { a: 1 }, gone: null,
    })).toEqual({
      url: 'https://a.example', channel: '3', geotarget: 'Canada=https://a.ca', deeplink: '{"apple":"https://apps.apple.com/x"}',
      parameters: 'utm=x', extra: '{"a":1}', gone: '',
    });
  });

  test('splitLines keeps a last line without newline', async () => {
    const out: string[] = [];
    for await (const line of splitLines([Buffer.from('a\r\nb')])) out.push(line);
    expect(out).toEqual(['a', 'b']);
  });
});

describe('checkRow', () => {
  test('valid rows get a key that depends on the body only', () => {
    const a = checkRow({ row: 1, cells: { url: 'https://a.example', note: 'x' } });
    const b = checkRow({ row: 9, cells: { longurl: ' https://a.example ', other: 'y' } });
    const c = checkRow({ row: 1, cells: { url: 'https://a.example', custom: 'abc' } });
    expect(a.valid && b.valid && c.valid).toBe(true);
    if (a.valid && b.valid && c.valid) {
      expect(linkBodyKey(a.body)).toBe(linkBodyKey(b.body));
      expect(linkBodyKey(a.body)).not.toBe(linkBodyKey(c.body));
      expect(linkBodyKey(a.body)).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  test('invalid rows carry the validator message; read problems pass through', () => {
    expect(checkRow({ row: 1, cells: { url: 'ftp://a.example' } })).toMatchObject({ valid: false, error: expect.stringMatching(/http/) });
    expect(checkRow({ row: 1, cells: { url: 'https://a.example', pixels: 'x' } })).toMatchObject({ valid: false });
    expect(checkRow({ row: 1, cells: {}, problem: 'not valid JSON' })).toEqual({ valid: false, error: 'not valid JSON' });
  });
});
