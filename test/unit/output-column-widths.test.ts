import { describe, expect, it } from 'vitest';
import { columnRole, fitCell, fitColumns, fitMiddle } from '../../src/output/column-widths.js';
import { LINK_LIST_VIEW } from '../../src/commands/urls/view.js';
import { renderKeyValue, renderTable } from '../../src/output/table.js';
import { cellWidth } from '../../src/util/terminal-text.js';
import { terminalSize } from '../../src/io.js';

const plain = { head: (s: string) => s };

describe('column roles', () => {
  it('knows identifiers, dates, free text and URLs by name and by value', () => {
    expect(columnRole('id', ['1'])).toBe('identifier');
    expect(columnRole('shorturl', ['https://s.rt/a'])).toBe('identifier');
    expect(columnRole('date', ['2026-11-26 16:50:12'])).toBe('date');
    expect(columnRole('created_at', ['2026-11-26T16:50:12Z', ''])).toBe('date');
    expect(columnRole('longurl', ['x'])).toBe('free');
    expect(columnRole('details.title', ['x'])).toBe('free');
    expect(columnRole('homepage', ['https://e.com/'])).toBe('free');
    expect(columnRole('clicks', ['3'])).toBe('other');
  });
});

describe('fitColumns', () => {
  it('leaves a table that fits as it is', () => {
    expect(fitColumns([5, 10], ['identifier', 'free'], 100)).toEqual([5, 10]);
  });

  it('cuts free text first, widest first, and keeps identifiers and dates whole', () => {
    //                  id alias short long title clicks date
    const natural = [2, 5, 20, 60, 40, 6, 19];
    const roles = ['identifier', 'identifier', 'identifier', 'free', 'free', 'other', 'date'] as const;
    const widths = fitColumns(natural, [...roles], 100);
    expect(widths.reduce((a, b) => a + b)).toBe(100);
    expect(widths).toEqual([2, 5, 20, 24, 24, 6, 19]);
  });

  it('then shortens dates, then the other columns, identifiers last', () => {
    const roles = ['identifier', 'identifier', 'identifier', 'free', 'other', 'date'] as const;
    // The sandbox's `urls list` at 80 columns: 61 cells inside the borders.
    expect(fitColumns([2, 5, 28, 40, 6, 19], [...roles], 61)).toEqual([2, 5, 28, 10, 6, 10]);
    expect(fitColumns([2, 5, 28, 40, 6, 19], [...roles], 70)).toEqual([2, 5, 28, 13, 6, 16]);
    expect(fitColumns([2, 5, 28, 40, 6, 19], [...roles], 40)).toEqual([2, 5, 11, 6, 6, 10]);
  });
});

describe('fitCell', () => {
  it('cuts a URL in its middle, keeping its end', () => {
    const cut = fitMiddle('https://example.com/a/very/long/path/to/page.html', 24);
    expect(cut).toBe('https://exampl…page.html');
    expect(cellWidth(cut)).toBe(24);
    expect(fitCell('https://example.com/a/very/long/path/to/page.html', 24, 'free')).toBe(cut);
  });

  it('cuts text at its end and dates by their finer parts', () => {
    expect(fitCell('A rather long title', 10, 'free')).toBe('A rather …');
    expect(fitCell('2026-11-26 16:50:12', 16, 'date')).toBe('2026-11-26 16:50');
    expect(fitCell('2026-11-26 16:50:12', 12, 'date')).toBe('2026-11-26');
    expect(fitCell('日本語のタイトル', 7, 'free')).toBe('日本語…');
  });
});

describe('tables on a terminal', () => {
  const rows = [
    {
      id: 3,
      alias: 'F58Hk',
      shorturl: 'http://127.0.0.1:45678/F58Hk',
      longurl: 'https://example.com/a/very/long/path/that/goes/on/and/on/index.html',
      clicks: 0,
      date: '2026-11-26 16:50:12',
    },
  ];
  const columns = ['id', 'alias', 'shorturl', 'longurl', 'clicks', 'date'];

  const spare = LINK_LIST_VIEW.spare;

  it('chosen columns (--fields) all stay: in 80 columns the short URL and the date stay whole', async () => {
    const { text: table, dropped } = await renderTable(rows, columns, { ...plain, columns: 80 });
    expect(dropped).toEqual([]);
    for (const line of table.trimEnd().split('\n')) expect(cellWidth(line), line).toBeLessThanOrEqual(80);
    expect(table).toContain('│ http://127.0.0.1:45678/F58Hk │');
    expect(table).toContain('│ 3  │ F58Hk │');
    expect(table).toMatch(/│ https:…tml │ 0 +│ 2026-11-26 │/);
  });

  it('the default columns of a list: in 80 columns the spare ones go before the long URL shrinks to nothing', async () => {
    const { text: table, dropped } = await renderTable(rows, columns, { ...plain, columns: 80 }, spare);
    expect(dropped).toEqual(['alias', 'date']);
    const lines = table.trimEnd().split('\n');
    for (const line of lines) expect(cellWidth(line), line).toBeLessThanOrEqual(80);
    expect(lines[1]).toMatch(/^│ id +│ shorturl +│ longurl +│ clicks │$/);
    const longurl = /│ (https:\/\/\S+) +│ 0 +│$/.exec(lines[3])?.[1] ?? '';
    expect(cellWidth(longurl), lines[3]).toBeGreaterThanOrEqual(20);
    expect(longurl).toMatch(/^https:\/\/example\.co.*….*\/index\.html$/);
  });

  it('in 40 columns: the short URLs alone, whole, within the width', async () => {
    const { text: table, dropped } = await renderTable(rows, columns, { ...plain, columns: 40 }, spare);
    expect(dropped).toEqual(['id', 'alias', 'longurl', 'clicks', 'date']);
    for (const line of table.trimEnd().split('\n')) expect(cellWidth(line), line).toBeLessThanOrEqual(40);
    expect(table).toContain('│ http://127.0.0.1:45678/F58Hk │');
  });

  it('a wide terminal shows every column', async () => {
    const { dropped } = await renderTable(rows, columns, { ...plain, columns: 160 }, spare);
    expect(dropped).toEqual([]);
  });

  it('where the terminal does not take UTF-8: an ASCII grid and ASCII cuts', async () => {
    const { text: table } = await renderTable(rows, columns, { ...plain, columns: 80, unicode: false }, spare);
    expect(table).toMatch(/^\+-+\+/);
    expect(table).toMatch(/\| https:\/\/example\.c\.\.\.\/index\.html \|/);
    expect(table).not.toMatch(/[^\x20-\x7e\n]/);
  });

  it('cuts nothing without a terminal', async () => {
    const { text: table } = await renderTable(rows, columns, plain, spare);
    expect(table).toContain(rows[0].longurl);
    expect(table).toContain('2026-11-26 16:50:12');
  });

  it('key/value tables keep the keys whole and cut long URL values in the middle', async () => {
    const table = await renderKeyValue(
      [
        ['details.longurl', `https://example.com/${'x'.repeat(100)}/end.html`],
        ['id', 3],
      ],
      { ...plain, columns: 60 },
    );
    for (const line of table.trimEnd().split('\n')) expect(cellWidth(line), line).toBeLessThanOrEqual(60);
    expect(table).toMatch(/│ details\.longurl │ https:\/\/example\.com\/x+…x*\/end\.html │/);
  });
});

describe('the terminal size', () => {
  it('is what the terminal reports, else COLUMNS / LINES, else 80×24', () => {
    expect(terminalSize(120, '90', 80)).toBe(120);
    expect(terminalSize(0, '90', 80)).toBe(90);
    expect(terminalSize(undefined, ' 70 ', 80)).toBe(70);
    expect(terminalSize(0, undefined, 80)).toBe(80);
    expect(terminalSize(0, 'wide', 24)).toBe(24);
    expect(terminalSize(0, '0', 24)).toBe(24);
    expect(terminalSize(0, '-5', 24)).toBe(24);
  });
});
