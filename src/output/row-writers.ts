import type { OutputFormat } from '../settings/types.js';
import { escapeTsv, excelSafeCell, formatCell } from './cells.js';
import type { Row } from './fields.js';
import { escapeJsonInvisibles, forTerminalLines } from '../util/terminal-text.js';

/** Streams rows in one of the machine formats as they arrive. */
export interface RowWriter {
  row(row: Row): Promise<void>;
  end(): Promise<void>;
}

type Out = (text: string) => Promise<void>;
export type StreamFormat = Exclude<OutputFormat, 'table'>;

export interface DelimitedOptions {
  /** --excel-safe: cells a spreadsheet would run as formulas get a leading `'`. */
  excelSafe?: boolean;
  /**
   * stdout is a terminal: csv/tsv are then read by a person, not a program, so controls and
   * escape sequences in the data are made visible. To a file or a pipe the data stays exact.
   */
  terminal?: boolean;
  /** false with --no-headers: rows only. */
  headers?: boolean;
  /** The header of a list with no rows (the fields its items have), so a script still learns the columns. */
  emptyColumns?: readonly string[];
  /** The csv field delimiter (default `,`); tsv is always tab-separated. */
  delimiter?: string;
}

/** `fixedColumns` (from --fields) decides the csv/tsv header; otherwise the first row's keys do. */
export async function createRowWriter(
  format: StreamFormat,
  out: Out,
  fixedColumns?: string[],
  opts: DelimitedOptions = {},
): Promise<RowWriter> {
  switch (format) {
    case 'json':
      return jsonArrayWriter(out);
    case 'ndjson':
      return { row: (row) => out(`${jsonText(row)}\n`), end: async () => {} };
    case 'csv':
      return delimitedWriter(out, await csvLine(opts.delimiter), fixedColumns, opts);
    case 'tsv':
      return delimitedWriter(out, tsvLine, fixedColumns, opts);
  }
}

/** JSON as JSON.stringify writes it, but with no raw C1 or bidi control (the same data, escaped). */
export function jsonText(value: unknown, indent?: number): string {
  return escapeJsonInvisibles(JSON.stringify(value, null, indent));
}

/** The same text as JSON.stringify(items, null, 2), written one item at a time. */
function jsonArrayWriter(out: Out): RowWriter {
  let count = 0;
  return {
    async row(row) {
      const item = jsonText(row, 2).replace(/\n/g, '\n  ');
      await out(`${count++ === 0 ? '[\n' : ',\n'}  ${item}`);
    },
    end: () => out(count === 0 ? '[]\n' : '\n]\n'),
  };
}

type LineFormatter = (cells: string[]) => string;

function tsvLine(cells: string[]): string {
  return `${cells.map(escapeTsv).join('\t')}\n`;
}

/** RFC 4180 quoting by csv-stringify; every cell is already text, so booleans are not turned into 1/0. */
async function csvLine(delimiter = ','): Promise<LineFormatter> {
  const { stringify } = await import('csv-stringify/sync');
  return (cells) => stringify([cells], { delimiter });
}

function delimitedWriter(
  out: Out,
  line: LineFormatter,
  fixedColumns: string[] | undefined,
  opts: DelimitedOptions,
): RowWriter {
  let columns = fixedColumns;
  let headerWritten = false;
  const cells = opts.excelSafe ? (texts: string[]) => texts.map(excelSafeCell) : (texts: string[]) => texts;
  const write = (texts: string[]) => {
    const text = line(cells(texts));
    return out(opts.terminal ? forTerminalLines(text) : text);
  };
  const writeHeader = async () => {
    if (headerWritten || !columns || opts.headers === false) return;
    headerWritten = true;
    await write(columns);
  };
  return {
    async row(row) {
      columns ??= Object.keys(row);
      await writeHeader();
      await write(columns.map((c) => formatCell(row[c])));
    },
    async end() {
      columns ??= opts.emptyColumns ? [...opts.emptyColumns] : undefined;
      await writeHeader();
    },
  };
}
