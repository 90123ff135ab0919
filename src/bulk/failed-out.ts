import { createWriteStream } from 'node:fs';
import { UsageError } from '../errors.js';
import { LINK_COLUMNS } from '../input/link-body.js';
import { linkColumnOf } from '../input/link-columns.js';
import { writeText } from '../output/sink.js';
import type { InputFormat } from './read/format.js';

export interface FailedOut {
  /** Records a failed or invalid row: its input cells and why it failed. */
  write(cells: Record<string, string>, error: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `--failed-out FILE`: the failed and invalid rows as CSV that `urls import` reads again. The
 * columns are the input's (CSV header, or `url` for lines; the link columns for NDJSON, whose
 * objects may differ), plus `error` saying what to fix; import ignores that column.
 */
export async function openFailedOut(path: string, format: InputFormat, header: string[]): Promise<FailedOut> {
  const { stringify } = await import('csv-stringify/sync');
  const stream = createWriteStream(path, { flags: 'w' });
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (err) => reject(new UsageError(`cannot write ${path}: ${err.message}`)));
  });
  await opened;
  const columns = [...failedOutColumns(format, header).filter((c) => c !== 'error'), 'error'];
  await writeText(stream, stringify([columns]));
  return {
    write: (cells, error) => writeText(stream, stringify([columns.map((c) => (c === 'error' ? error : cellFor(cells, c)))])),
    close: () => new Promise<void>((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve()))),
  };
}

export function failedOutColumns(format: InputFormat, header: string[]): string[] {
  if (format === 'csv') return header;
  if (format === 'lines') return ['url'];
  return [...LINK_COLUMNS];
}

/** The cell for a column, found under another name (`longurl` for `url`) when the row used one. */
function cellFor(cells: Record<string, string>, column: string): string {
  if (cells[column] !== undefined) return cells[column];
  const other = Object.keys(cells).find((name) => linkColumnOf(name) === column);
  return other === undefined ? '' : cells[other];
}
