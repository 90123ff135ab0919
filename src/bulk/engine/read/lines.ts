import { UsageError } from '../../../errors.js';

export type TextChunks = AsyncIterable<string> | Iterable<string>;

/** No URL and no NDJSON row is this long: a longer line is the wrong file, refused before it fills memory. */
export const MAX_LINE_CHARS = 1024 * 1024;

export interface SplitOptions {
  /** Longest line accepted, in characters. */
  maxChars?: number;
  /** Names the input in the error, e.g. `links.txt`. */
  label?: string;
}

/**
 * Lines without their endings (LF, CRLF or a lone CR, as old Mac files have). Each piece of text
 * is scanned once and a line is joined once, so the time is linear in the input's size and the
 * memory bounded by the longest line allowed.
 */
export async function* splitLines(chunks: TextChunks, opts: SplitOptions = {}): AsyncGenerator<string> {
  const max = opts.maxChars ?? MAX_LINE_CHARS;
  const parts: string[] = [];
  let size = 0;
  let lineNo = 0;
  let afterCR = false;
  const add = (piece: string) => {
    size += piece.length;
    if (size > max) throw tooLong(lineNo + 1, max, opts.label);
    if (piece) parts.push(piece);
  };
  const take = () => {
    const line = parts.length === 1 ? parts[0] : parts.join('');
    parts.length = 0;
    size = 0;
    lineNo += 1;
    return line;
  };
  const breaks = /[\r\n]/g;
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    // A CRLF cut between two chunks is one line ending.
    let start = afterCR && chunk[0] === '\n' ? 1 : 0;
    afterCR = false;
    breaks.lastIndex = start;
    for (let m = breaks.exec(chunk); m; m = breaks.exec(chunk)) {
      add(chunk.slice(start, m.index));
      yield take();
      start = m.index + 1;
      if (chunk[m.index] === '\r') {
        if (start === chunk.length) afterCR = true;
        else if (chunk[start] === '\n') start += 1;
      }
      breaks.lastIndex = start;
    }
    add(chunk.slice(start));
  }
  if (size > 0) yield take();
}

function tooLong(line: number, max: number, label = 'the input'): UsageError {
  return new UsageError(
    `line ${line} of ${label} is longer than ${formatChars(max)}: no URL or JSON row is that long`,
    'check that this is the file you meant; a CSV file is read with --format csv',
  );
}

function formatChars(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n} characters`;
}
