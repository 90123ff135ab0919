import { describe, expect, it } from 'vitest';
import { escapeTsv, formatCell, oneLineCell, pageFooter } from '../../src/output/cells.js';

describe('cells', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['text', 'text'],
    [0, '0'],
    [false, 'false'],
    [{ a: [1, 'x'] }, '{"a":[1,"x"]}'],
    [[1, 2], '[1,2]'],
  ])('formats %j as %j', (value, text) => {
    expect(formatCell(value)).toBe(text);
  });

  it('escapes tab, newline, carriage return and backslash in tsv', () => {
    expect(escapeTsv('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(escapeTsv('plain')).toBe('plain');
  });

  it('keeps table cells on one line', () => {
    expect(oneLineCell('a\nb\tc')).toBe('a⏎b c');
  });

  it('writes the list footer', () => {
    expect(pageFooter({ page: 2, maxpage: 7, total: 134 })).toBe('page 2/7 · 134 results');
    expect(pageFooter({ page: 1, maxpage: 1, total: 1 })).toBe('page 1/1 · 1 result');
    expect(pageFooter({ page: 3, maxpage: 3, total: 40, all: true })).toBe('40 results');
  });
});
