import { UsageError } from '../../../errors.js';
import { MAX_LINE_CHARS, type TextChunks } from './lines.js';

/**
 * The items of a JSON document as text, one at a time: each element of a top-level array (what
 * `-o json` prints for a list), or the document itself when it is one object (what `-o json`
 * prints for `urls get`). Only the item being read is held, so a large export reads in bounded
 * memory; an item past the size a row may have is refused. Malformed JSON is left to the caller's
 * JSON.parse of the item, which makes it that row's problem.
 */
export async function* jsonItems(chunks: TextChunks, label = 'the input'): AsyncGenerator<string> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let array: boolean | undefined;
  let item: string[] = [];
  let size = 0;
  let count = 0;
  const flush = () => {
    const text = item.join('');
    item = [];
    size = 0;
    count += 1;
    return text;
  };
  for await (const chunk of chunks) {
    // Inside an item when the last piece ended: this piece goes on with it.
    let start = depth > 0 || inString || item.length > 0 ? 0 : -1;
    const keep = (end: number) => {
      if (start >= 0 && end > start) {
        item.push(chunk.slice(start, end));
        size += end - start;
        if (size > MAX_LINE_CHARS) throw tooLarge(count + 1, label);
      }
      start = -1;
    };
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (array === undefined) {
        if (/\s|\uFEFF/.test(c)) continue;
        array = c === '[';
        if (array) continue;
      }
      // Between the items of the top-level array: a separator ends a scalar item, and is no part of one.
      if (array && depth === 0 && (c === ',' || c === ']' || /\s/.test(c))) {
        keep(i);
        if (item.length > 0) yield flush();
        continue;
      }
      if (start < 0 && depth === 0 && item.length === 0 && /\s/.test(c)) continue;
      if (start < 0) start = i;
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') {
        depth -= 1;
        if (depth === 0) {
          keep(i + 1);
          yield flush();
        }
      }
    }
    keep(chunk.length);
  }
  const rest = item.join('').trim();
  if (rest !== '') yield rest;
}

function tooLarge(item: number, label: string): UsageError {
  return new UsageError(
    `item ${item} of ${label} is longer than ${MAX_LINE_CHARS / (1024 * 1024)} MiB: no link record is that long`,
    'check that this is the file you meant',
  );
}
