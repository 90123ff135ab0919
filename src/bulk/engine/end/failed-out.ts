import { readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EXIT } from '../../../errors.js';
import { fileError } from '../../../file-errors.js';
import { LINK_COLUMNS } from '../../../input/link-body.js';
import { linkColumnOf } from '../../../input/link-columns.js';
import { openFileCalls, recordFile, type OpenedFile } from '../journal/append-file.js';
import type { InputFormat, Delimiter } from '../read/format.js';
import { checkNamedPath } from '../../../settings/shared-folders.js';
import { isProcessAlive } from '../../../util/lock.js';
import { excelSafeCell } from '../../../output/cells.js';
import {
  canEncode,
  type CsvDialect,
  csvDialect,
  csvEncoder,
  type CsvFlags,
  type LineEnding,
  PLAIN_CSV,
} from '../../../output/csv-dialect.js';

export interface FailedOut {
  /** Records a failed or invalid row: its input cells, where it is in the input, and why it failed. */
  write(cells: Record<string, string>, row: number, error: string): Promise<void>;
  /** Puts the file in place: until then the path holds what it held before the run. */
  close(): Promise<void>;
}

/**
 * The form --failed-out writes in: the input's own (its delimiter, its encoding and byte order
 * mark), so the rejected rows open where their source did (a windows-1252 `;` file from German
 * Excel gives one); --excel, --delimiter and --bom choose otherwise. An input in an encoding shorty
 * cannot write (shift_jis, ...) gives UTF-8 with a byte order mark, which spreadsheets read.
 */
export function failedOutDialect(
  flags: CsvFlags,
  input: {
    format: InputFormat;
    delimiter: Delimiter;
    encoding: { name: string; bom: boolean };
    lineEnding?: LineEnding;
  },
): CsvDialect {
  const writable = canEncode(input.encoding.name);
  return csvDialect(flags, {
    delimiter: input.format === 'csv' ? input.delimiter : ',',
    encoding: writable ? input.encoding.name : 'utf-8',
    bom: writable ? input.encoding.bom : true,
    ...(input.lineEnding && input.lineEnding !== '\n' && { lineEnding: input.lineEnding }),
  });
}

/**
 * `--failed-out FILE`: the failed and invalid rows as CSV that `urls import` reads again. The
 * columns are the input's (CSV header, or `url` for lines; the link columns for NDJSON, whose
 * objects may differ), plus `row` (where the row is in the input, as the results name it) and
 * `error` saying what to fix; import ignores those two.
 *
 * The rows go to a temp file beside FILE (mode 0600: rows may carry link passwords), renamed over
 * it at the end: a run killed half-way leaves FILE as it was, never half a file. A FILE that is
 * not a file (/dev/stderr, a pipe) is written as the rows come.
 */
export async function openFailedOut(
  path: string,
  format: InputFormat,
  header: string[],
  dialect: CsvDialect = PLAIN_CSV,
): Promise<FailedOut> {
  const { stringify } = await import('csv-stringify/sync');
  // In a folder others may write, a link or FIFO another user put at FILE is not written through.
  checkNamedPath(path, '--failed-out');
  const { target, temp } = await placesOf(path);
  if (temp) await removeStaleTemps(target);
  let file: OpenedFile;
  try {
    file = await openFileCalls(temp ?? target, temp ? 'wx' : 'a');
  } catch (err) {
    throw fileError(`cannot write --failed-out ${path}`, err);
  }
  const records = recordFile(file, { sync: false, encode: csvEncoder(dialect) });
  const safe = dialect.formulaSafe ? (cells: string[]) => cells.map(excelSafeCell) : (cells: string[]) => cells;
  const line = (cells: string[]) =>
    stringify([safe(cells)], { delimiter: dialect.delimiter, record_delimiter: dialect.lineEnding ?? '\n' });
  const columns = [...failedOutColumns(format, header).filter((c) => c !== 'error' && c !== 'row'), 'row', 'error'];
  const writeFailed = (err: unknown) => fileError(`cannot write --failed-out ${path}`, err, EXIT.api);
  const append = (text: string) =>
    records.append(text).catch((err) => {
      throw writeFailed(err);
    });
  await append(line(columns));
  return {
    write: (cells, row, error) =>
      append(line(columns.map((c) => (c === 'error' ? error : c === 'row' ? String(row) : cellFor(cells, c))))),
    async close() {
      try {
        await records.close();
        if (temp) await rename(temp, target);
      } catch (err) {
        if (temp) await rm(temp, { force: true });
        throw writeFailed(err);
      }
    },
  };
}

/** Where the rows go: beside the file a symlink points to, or, for a device or a pipe, straight to it. */
async function placesOf(path: string): Promise<{ target: string; temp?: string }> {
  const info = await stat(path).catch(() => undefined);
  if (info && !info.isFile()) return { target: path };
  const target = info ? await realpath(path) : path;
  const temp = join(
    dirname(target),
    `${tempPrefix(target)}${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`,
  );
  return { target, temp };
}

/** The temp files of FILE are `.FILE.<pid>-<random>.tmp`: the pid of the run that writes one. */
const tempPrefix = (target: string) => `.${basename(target)}.`;
const TEMP_TAIL = /^(\d+)-[0-9a-z]{1,8}\.tmp$/;

/**
 * A run killed with -9 (or by a power cut) can't remove its temp file: the next run on FILE does,
 * once the run that wrote it is gone. A temp file of a run still going (another import writing
 * the same FILE) is left to it. Best effort: one that can't be removed stays, and this run goes on.
 */
async function removeStaleTemps(target: string): Promise<void> {
  const prefix = tempPrefix(target);
  const names = await readdir(dirname(target)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = name.startsWith(prefix) ? TEMP_TAIL.exec(name.slice(prefix.length))?.[1] : undefined;
    if (pid === undefined || isProcessAlive(Number(pid))) continue;
    await rm(join(dirname(target), name), { force: true }).catch(() => undefined);
  }
}

function failedOutColumns(format: InputFormat, header: string[]): string[] {
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
