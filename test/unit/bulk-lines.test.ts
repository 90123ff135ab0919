import { describe, expect, test } from 'vitest';
import { MAX_LINE_CHARS, splitLines } from '../../src/bulk/engine/read/lines.js';

async function lines(chunks: Iterable<string> | AsyncIterable<string>, maxChars?: number): Promise<string[]> {
  const out: string[] = [];
  for await (const line of splitLines(chunks, { maxChars, label: 'in.txt' })) out.push(line);
  return out;
}

describe('splitLines', () => {
  test('LF, CRLF and lone CR end lines; a last line without ending is kept', async () => {
    expect(await lines(['a\nb\r\nc\rd\r\r\ne'])).toEqual(['a', 'b', 'c', 'd', '', 'e']);
    expect(await lines(['a\n'])).toEqual(['a']);
    expect(await lines(['', 'a', '', 'b\n\n'])).toEqual(['ab', '']);
    expect(await lines([])).toEqual([]);
  });

  test('wherever the chunks are cut, the lines are the same', async () => {
    const text = 'first\r\nsecond\rthird\n\r\nfourth\r\r\nfifth';
    const whole = await lines([text]);
    expect(whole).toEqual(['first', 'second', 'third', '', 'fourth', '', 'fifth']);
    for (let i = 0; i <= text.length; i++) {
      for (let j = i; j <= text.length; j++) {
        expect(await lines([text.slice(0, i), text.slice(i, j), text.slice(j)])).toEqual(whole);
      }
    }
  });

  test('a 64 MB line is refused after reading little more than the limit', async () => {
    let read = 0;
    async function* endless() {
      yield 'https://example.com/';
      for (let i = 0; i < 64 * 1024; i++) {
        read += 1;
        yield 'x'.repeat(1024);
      }
    }
    await expect(lines(endless())).rejects.toThrow(/^line 1 of in\.txt is longer than 1 MiB/);
    expect(read).toBeLessThanOrEqual(MAX_LINE_CHARS / 1024 + 1);
  });

  test('the limit holds for a line ended inside a chunk, and counts lines', async () => {
    await expect(lines(['ok\n', `${'x'.repeat(11)}\nrest`], 10)).rejects.toThrow(
      /^line 2 of in\.txt is longer than 10 characters/,
    );
    expect(await lines([`${'x'.repeat(10)}\n`], 10)).toEqual(['x'.repeat(10)]);
  });

  test('a long line in many small chunks is joined once (linear: a quadratic splitter takes minutes here)', async () => {
    const size = 32 * 1024 * 1024;
    async function* pieces() {
      for (let sent = 0; sent < size; sent += 4096) yield 'y'.repeat(4096);
      yield '\nlast';
    }
    const out = await lines(pieces(), 2 * size);
    expect(out.map((l) => l.length)).toEqual([size, 4]);
  });
});
