import { UsageError } from '../../../errors.js';
import { linkColumnOf, planColumns, type ColumnMapOption, type ColumnPlan } from '../../../input/link-columns.js';
import { linkCellFromJson } from '../../../input/link-cells.js';
import { withoutFormulaMark } from '../../../output/cells.js';
import type { InputShape } from './format.js';
import { jsonItems } from './json-items.js';
import { csvRecords } from './csv-records.js';
import { splitLines, type TextChunks } from './lines.js';

/**
 * One data row of the input. `row` is where a person finds it: in CSV and TSV the row number a
 * spreadsheet shows (the header is row 1, blank lines count), in lines and NDJSON the line
 * number, in a JSON document the item's place (from 1).
 */
export interface SourceRow {
  row: number;
  /** Column name -> cell text, as in the input. */
  cells: Record<string, string>;
  /** Which cells set which link field (default: the cells' own names). */
  columns?: ColumnPlan;
  /** Set when the row cannot even be read as a link (bad JSON, too many fields): reported `invalid`. */
  problem?: string;
}

export interface ReadOptions {
  /** `--map` options. */
  map?: ColumnMapOption;
  /** Names the input in errors. */
  label?: string;
  /**
   * Tab-separated cells hold the escapes `-o tsv` writes (`\\t`, `\\n`, `\\r`, `\\\\`): undone. Not for
   * UTF-16 text, which is Excel's (and `--excel`'s), quoted as CSV is and without escapes.
   */
  tsvEscapes?: boolean;
}

/** Streams the rows of the input's text; memory holds one chunk and one row at a time. */
export function readRows(text: TextChunks, shape: InputShape, opts: ReadOptions = {}): AsyncGenerator<SourceRow> {
  if (shape.format === 'csv') return csvRows(text, shape, opts);
  if (shape.format === 'json') return objectCells(jsonItems(text, opts.label), opts.map);
  const lines = splitLines(text, { label: opts.label });
  return shape.format === 'ndjson' ? objectCells(lines, opts.map) : lineCells(lines);
}

const URL_COLUMN = planColumns(['url']);
const SEPARATOR_NAMES: Record<string, string> = { ';': 'a semicolon', '\t': 'a tab' };

/**
 * Plain text: one URL per line; blank lines and `#` comments are not rows. A line with a space,
 * a tab or a `;` is not one URL but a row of some other file read as lines (a semicolon CSV, a
 * TSV without header): it is refused rather than shortened as one junk link.
 */
async function* lineCells(lines: AsyncIterable<string>): AsyncGenerator<SourceRow> {
  let lineNo = 0;
  for await (const line of lines) {
    lineNo += 1;
    const url = line.trim();
    if (url === '' || url.startsWith('#')) continue;
    const row = { row: lineNo, cells: { url }, columns: URL_COLUMN };
    const mark = /[\s;]/.exec(url)?.[0];
    if (mark === undefined) yield row;
    else
      yield {
        ...row,
        problem: `not one URL: the line holds ${SEPARATOR_NAMES[mark] ?? 'a space'}; for several columns use CSV with a header row (url, custom, metatitle, ...)`,
      };
  }
}

/** NDJSON lines, or the items of a JSON document: each one object, read as a row. */
async function* objectCells(lines: AsyncIterable<string>, map?: ColumnMapOption): AsyncGenerator<SourceRow> {
  const columns = columnsByKeys(map);
  let row = 0;
  for await (const line of lines) {
    row += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      yield { row, cells: { line }, problem: 'not valid JSON' };
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      yield { row, cells: { line }, problem: 'expected a JSON object (a link record)' };
      continue;
    }
    const cells = cellsFromJson(value as Record<string, unknown>);
    yield { row, cells, columns: columns(Object.keys(cells)) };
  }
}

/** NDJSON objects name their own keys; consecutive objects of one shape share one plan. */
function columnsByKeys(map?: ColumnMapOption): (keys: string[]) => ColumnPlan {
  let last = '';
  let plan: ColumnPlan | undefined;
  return (keys) => {
    const signature = keys.join('\0');
    if (!plan || signature !== last) plan = planColumns(keys, map);
    last = signature;
    return plan;
  };
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
  const column = linkColumnOf(key);
  if (column) return linkCellFromJson(column, value);
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.join(';');
  return JSON.stringify(value);
}

/** CSV with a header, read by csv-parse (quotes, CRLF/LF/CR, newlines in quoted cells). */
async function* csvRows(text: TextChunks, shape: InputShape, opts: ReadOptions): AsyncGenerator<SourceRow> {
  let header: string[] | undefined;
  let columns: ColumnPlan | undefined;
  for await (const { record, row } of csvRecords(text, shape)) {
    if (!header) {
      header = headerColumns(record);
      columns = planColumns(header, opts.map);
      continue;
    }
    const cells = (opts.tsvEscapes ? record.map(unescapeTsv) : record).map(withoutFormulaMark);
    yield { row, columns, ...cellsFromRecord(header, cells) };
  }
}

/** The inverse of the escapes `-o tsv` writes (output/cells.ts escapeTsv); a lone backslash stays. */
function unescapeTsv(cell: string): string {
  if (!cell.includes('\\')) return cell;
  return cell.replace(/\\([\\tnr])/g, (_, c: string) =>
    c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : '\\',
  );
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
function cellsFromRecord(header: string[], record: string[]): Omit<SourceRow, 'row'> {
  const cells: Record<string, string> = {};
  for (const [i, name] of header.entries()) cells[name] = record[i] ?? '';
  const extra = record.slice(header.length).filter((cell) => cell.trim() !== '');
  if (extra.length === 0) return { cells };
  return { cells, problem: `the row has ${record.length} fields but the header has ${header.length}` };
}
