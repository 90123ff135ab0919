import { UsageError } from '../../../errors.js';
import type { InputShape } from './format.js';
import { MAX_LINE_CHARS, type TextChunks } from './lines.js';

/**
 * The records of CSV input, blank ones left out, each with the row number a spreadsheet gives it:
 * records counted from 1, blank ones included (a cell's quoted newline stays in its row). A first
 * line `sep=;` (Excel's way of naming the delimiter, see format.ts) is not a row: Excel hides it.
 */
export async function* csvRecords(
  text: TextChunks,
  shape: Pick<InputShape, 'delimiter' | 'sepLine'>,
): AsyncGenerator<{ record: string[]; row: number }> {
  const { parse } = await import('csv-parse');
  const { Readable } = await import('node:stream');
  const parser = parse({
    bom: true,
    delimiter: shape.delimiter,
    relax_column_count: true,
    relax_quotes: true,
    // Blank lines are counted (they are rows of a spreadsheet), then left out below.
    skip_empty_lines: false,
    // A runaway quote or a wrong file stops at a bounded size instead of filling memory.
    max_record_size: MAX_LINE_CHARS,
  });
  // Small pieces keep few parsed rows waiting in the parser at once: measurably less memory on large files.
  const source = Readable.from(text, { objectMode: false, highWaterMark: 4 * 1024 });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  const where = new RecordLines();
  try {
    let row = 0;
    let skipSep = shape.sepLine === true;
    for await (const record of parser as AsyncIterable<string[]>) {
      where.passed(record);
      if (skipSep) {
        skipSep = false;
        continue;
      }
      row += 1;
      if (!record.every((cell) => cell.trim() === '')) yield { record, row };
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(
      `cannot read the CSV input: ${problem(err as Error & { code?: string }, where.next)}`,
      'check the quoting near that line, or pass --format lines for one URL per line',
    );
  } finally {
    source.destroy();
  }
}

/**
 * The parser's own line count is that of the end of the file for an unclosed quote, and counts a
 * CRLF in a quoted cell twice; the line a record starts on is counted here from the records read.
 */
class RecordLines {
  /** The line the next record starts on. */
  next = 1;

  passed(record: string[]): void {
    this.next += 1;
    for (const cell of record) if (cell.includes('\n') || cell.includes('\r')) this.next += lineBreaks(cell);
  }
}

function lineBreaks(cell: string): number {
  return cell.match(/\r\n|\r|\n/g)?.length ?? 0;
}

function problem(err: Error & { code?: string }, line: number): string {
  if (err.code === 'CSV_QUOTE_NOT_CLOSED')
    return `the quote opened on line ${line} is never closed (the rest of the file was read as one cell)`;
  return err.message.replace(/\bat line \d+/, `in the record from line ${line}`);
}
