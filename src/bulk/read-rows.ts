import { StringDecoder } from 'node:string_decoder';
import { UsageError } from '../errors.js';
import { LINK_COLUMNS, linkBodyToRow } from '../input/link-body.js';
import type { InputFormat } from './input-format.js';

/** One data row of the input, numbered from 1 (a header is not a row). */
export interface SourceRow {
  row: number;
  /** Column name -> cell text, as in the input. */
  cells: Record<string, string>;
  /** Set when the row cannot even be read as a link (bad JSON, too many fields): reported `invalid`. */
  problem?: string;
}

export type Chunks = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

/** Streams the rows of the input; memory holds one chunk and one row at a time. */
export function readRows(chunks: Chunks, format: InputFormat): AsyncGenerator<SourceRow> {
  if (format === 'csv') return csvRows(chunks);
  return numbered(format === 'ndjson' ? ndjsonCells(chunks) : lineCells(chunks));
}

async function* numbered(cells: AsyncIterable<Omit<SourceRow, 'row'>>): AsyncGenerator<SourceRow> {
  let row = 0;
  for await (const c of cells) yield { row: ++row, ...c };
}

/** Lines without their ending; a byte order mark at the start is dropped. */
export async function* splitLines(chunks: Chunks): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let first = true;
  for await (const chunk of chunks) {
    let text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    if (first && text.length > 0) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) yield line.replace(/\r$/, '');
  }
  const last = rest + decoder.end();
  if (last !== '') yield last.replace(/\r$/, '');
}

/** Plain text: one URL per line; blank lines and `#` comments are not rows. */
async function* lineCells(chunks: Chunks): AsyncGenerator<Omit<SourceRow, 'row'>> {
  for await (const line of splitLines(chunks)) {
    const url = line.trim();
    if (url !== '' && !url.startsWith('#')) yield { cells: { url } };
  }
}

async function* ndjsonCells(chunks: Chunks): AsyncGenerator<Omit<SourceRow, 'row'>> {
  for await (const line of splitLines(chunks)) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      yield { cells: { line }, problem: 'not valid JSON' };
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      yield { cells: { line }, problem: 'expected a JSON object per line' };
      continue;
    }
    yield { cells: cellsFromJson(value as Record<string, unknown>) };
  }
}

/**
 * A JSON object as CSV-style cells, so one mapping serves every format: lists of ids or words
 * become `a;b`, link-body shaped values (geotarget objects, deeplink) their column text.
 */
export function cellsFromJson(obj: Record<string, unknown>): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [key, value] of Object.entries(obj)) cells[key] = cellFromJson(key, value);
  return cells;
}

function cellFromJson(key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.join(';');
  const column = key.toLowerCase();
  if ((LINK_COLUMNS as readonly string[]).includes(column)) {
    return linkBodyToRow({ [column]: value })[column as (typeof LINK_COLUMNS)[number]];
  }
  return JSON.stringify(value);
}

/** CSV with a header (csv-parse: BOM, CRLF, quoted commas and newlines). */
async function* csvRows(chunks: Chunks): AsyncGenerator<SourceRow> {
  const { parse } = await import('csv-parse');
  const { Readable } = await import('node:stream');
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  // A file stream is piped as it is: wrapping it would buffer up to 16 more chunks on the way.
  const source = chunks instanceof Readable ? chunks : Readable.from(chunks);
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  let header: string[] | undefined;
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (record.every((cell) => cell.trim() === '')) continue;
      if (!header) {
        header = headerColumns(record);
        continue;
      }
      yield { row: ++row, ...cellsFromRecord(header, record) };
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot read the CSV input: ${(err as Error).message}`,
      'check the quoting near that line, or pass --format lines for one URL per line');
  }
}

export function headerColumns(record: string[]): string[] {
  const names = record.map((cell, i) => cell.trim() || `column${i + 1}`);
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name.toLowerCase())) throw new UsageError(`the CSV header names the column "${name}" twice`);
    seen.add(name.toLowerCase());
  }
  return names;
}

/** Missing trailing cells are empty; extra cells are only a problem when they hold something. */
export function cellsFromRecord(header: string[], record: string[]): Omit<SourceRow, 'row'> {
  const cells: Record<string, string> = {};
  header.forEach((name, i) => (cells[name] = record[i] ?? ''));
  const extra = record.slice(header.length).filter((cell) => cell.trim() !== '');
  if (extra.length === 0) return { cells };
  return { cells, problem: `the row has ${record.length} fields but the header has ${header.length}` };
}
