import { describe, expect, test } from 'vitest';
import { namesWithin, withinMessageSize } from '../../src/util/message-size.js';

describe('messages of a sane size', () => {
  test('short text is left as it is', () => {
    expect(withinMessageSize('Link does not exist.')).toBe('Link does not exist.');
    expect(namesWithin(['"a"', '"b"'])).toBe('"a", "b"');
  });

  test('long text is cut, saying how much was left out', () => {
    expect(withinMessageSize('abcdefghij', 4)).toBe('abcd… [6 more characters left out]');
    expect(withinMessageSize('x'.repeat(1_234_567)).length).toBeLessThan(1100);
    expect(withinMessageSize('x'.repeat(1_234_567))).toMatch(/… \[1,233,567 more characters left out\]$/);
  });

  test('never inside a surrogate pair', () => {
    expect(withinMessageSize('ab😀cd', 3)).toBe('ab… [4 more characters left out]');
  });

  test('long lists name the first ones and how many more', () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `c${i}`);
    expect(namesWithin(names)).toBe(`${names.slice(0, 20).join(', ')}, … and 99,980 more`);
  });
});
