import type { OutputFormat } from '../settings/types.js';
import { escapeTsv, formatCell } from './cells.js';
import type { Row } from './fields.js';

/** Streams rows in one of the machine formats as they arrive. */
export interface RowWriter {
  row(row: Row): Promise<void>;
  end(): Promise<void>;
}

type Out = (text: string) => Promise<void>;
export type StreamFormat = Exclude<OutputFormat, 'table'>;

/** `fixedColumns` (from --fields) decides the csv/tsv header; otherwise the first row's keys do. */
export async function createRowWriter(format: StreamFormat, out: Out, fixedColumns?: string[]): Promise<RowWriter> {
  switch (format) {
    case 'json':
      return jsonArrayWriter(out);
    case 'ndjson':
      return { row: (row) => out(`${JSON.stringify(row)}\n`), end: async () => {} };
    case 'csv':
      return delimitedWriter(out, await csvLine(), fixedColumns);
    case 'tsv':
      return delimitedWriter(out, tsvLine, fixedColumns);
  }
}

/** The same text as JSON.stringify(items, null, 2), written one item at a time. */
function jsonArrayWriter(out: Out): RowWriter {
  let count = 0;
  return {
    async row(row) {
      const item = JSON.stringify(row, null, 2).replace(/\n/g, '\n  ');
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
async function csvLine(): Promise<LineFormatter> {
  const { stringify } = await import('csv-stringify/sync');
  return (cells) => stringify([cells]);
}

function delimitedWriter(out: Out, line: LineFormatter, fixedColumns?: string[]): RowWriter {
  let columns = fixedColumns;
  let headerWritten = false;
  const writeHeader = async () => {
    if (headerWritten || !columns) return;
    headerWritten = true;
    await out(line(columns));
  };
  return {
    async row(row) {
      columns ??= Object.keys(row);
      await writeHeader();
      await out(line(columns.map((c) => formatCell(row[c]))));
    },
    end: writeHeader,
  };
}
