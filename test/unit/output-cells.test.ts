import { describe, expect, it } from 'vitest';
import { escapeTsv, fitWidths, formatCell, oneLineCell, pageFooter, truncate } from '../../src/output/cells.js';

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

  it('truncates with an ellipsis, counting characters not bytes', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('ééééé', 3)).toBe('éé…');
  });

  it('keeps table cells on one line', () => {
    expect(oneLineCell('a\nb\tc')).toBe('a⏎b c');
  });

  it('shrinks the widest column first', () => {
    expect(fitWidths([3, 50, 10], 40)).toEqual([3, 27, 10]);
    expect(fitWidths([3, 30, 30], 43)).toEqual([3, 20, 20]);
    expect(fitWidths([5, 10], 100)).toEqual([5, 10]);
    expect(fitWidths([20, 20], 4)).toEqual([6, 6]);
  });

  it('writes the list footer', () => {
    expect(pageFooter({ page: 2, maxpage: 7, total: 134 })).toBe('page 2/7 · 134 results');
    expect(pageFooter({ page: 1, maxpage: 1, total: 1 })).toBe('page 1/1 · 1 result');
    expect(pageFooter({ page: 3, maxpage: 3, total: 40, all: true })).toBe('40 results');
  });
});
