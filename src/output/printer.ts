import type { IO } from '../io.js';
import type { OutputFormat } from '../settings/types.js';
import { formatCell, pageFooter } from './cells.js';
import { checkFields, flattenRow, getPath, parseFieldList, pickFields, withoutError, type Row } from './fields.js';
import { createRowWriter } from './row-writers.js';
import { writeText } from './sink.js';
import { renderKeyValue, renderTable, type TableStyle } from './table.js';

export type { Row } from './fields.js';

/** How a resource is shown: declared once per resource, used by every format. */
export interface View {
  /** Default table columns, as dotted paths (`details.longurl`). json/ndjson/csv/tsv print every key unless --fields. */
  columns: string[];
  /** The field -q prints, one value per line (default `id`). */
  quiet?: string;
  /** Every field an item of a list has (api-spec): list commands check --fields against them
   * before any request. Without it, --fields is checked against the first row received. */
  fields?: readonly string[];
}

export interface PageInfo {
  page: number;
  maxpage: number;
  total: number;
  /** Every page was printed (--all): the footer gives the total only. */
  all?: boolean;
}

export interface Printer {
  readonly format: OutputFormat;
  readonly quiet: boolean;
  /** Prints list items; consumes the iterable as it streams (table mode buffers to align).
   * `info` is read after the last row, for the table footer on stderr. */
  list(rows: AsyncIterable<Row> | Iterable<Row>, view: View, info?: () => PageInfo | undefined): Promise<void>;
  /** Prints one object (an API response; its `error` key is dropped). */
  object(obj: Row, view: View): Promise<void>;
  /** A response that only carries a message: a note on stderr for people, the object for scripts, nothing with -q. */
  message(obj: Row): Promise<void>;
  /** A notice for people on stderr (never with -q, never in data). */
  note(text: string): Promise<void>;
}

/** What a printer is made of: the streams and the choices of -o, --fields, -q and colour. */
export interface PrinterOptions {
  io: Pick<IO, 'stdout' | 'stderr' | 'stdoutIsTTY' | 'columns'>;
  /** An explicit choice (flag, env or config); undefined: table on a TTY, tsv otherwise. */
  format?: OutputFormat;
  /** --fields as given. */
  fields?: string;
  quiet: boolean;
  color: boolean;
}

export async function createPrinter(opts: PrinterOptions): Promise<Printer> {
  const { io, quiet } = opts;
  const format = opts.format ?? (io.stdoutIsTTY ? 'table' : 'tsv');
  const fields = parseFieldList(opts.fields);
  const paint = await painter(opts.color);
  const out = (text: string) => writeText(io.stdout, text);
  const err = (text: string) => writeText(io.stderr, text);
  const style: TableStyle = { columns: io.columns, head: paint.head };

  async function printQuiet(row: Row, view: View): Promise<void> {
    const value = getPath(row, view.quiet ?? 'id');
    if (value !== undefined && value !== null && value !== '') await out(`${formatCell(value)}\n`);
  }

  async function list(rows: AsyncIterable<Row> | Iterable<Row>, view: View, info?: () => PageInfo | undefined) {
    if (quiet) {
      for await (const row of rows) await printQuiet(row, view);
      return;
    }
    if (format === 'table') return listTable(rows, view, info);
    const writer = await createRowWriter(format, out, fields);
    let first = true;
    for await (const row of rows) {
      if (first && fields) checkFields(row, fields);
      first = false;
      await writer.row(fields ? pickFields(row, fields) : row);
    }
    await writer.end();
  }

  async function listTable(rows: AsyncIterable<Row> | Iterable<Row>, view: View, info?: () => PageInfo | undefined) {
    const buffered: Row[] = [];
    for await (const row of rows) buffered.push(row);
    if (buffered.length === 0) return err('no results\n');
    if (fields) checkFields(buffered[0], fields);
    await out(await renderTable(buffered, fields ?? view.columns, style));
    const page = info?.();
    if (page) await err(`${paint.dim(pageFooter(page))}\n`);
  }

  async function object(response: Row, view: View) {
    const obj = withoutError(response);
    if (quiet) return printQuiet(obj, view);
    if (fields) checkFields(obj, fields);
    const shown = fields ? pickFields(obj, fields) : obj;
    if (format === 'table') return out(await renderKeyValue(Object.entries(fields ? shown : flattenRow(obj)), style));
    if (format === 'json') return out(`${JSON.stringify(shown, null, 2)}\n`);
    const writer = await createRowWriter(format, out, fields);
    await writer.row(shown);
    await writer.end();
  }

  async function message(response: Row) {
    if (quiet) return;
    const obj = withoutError(response);
    if (format === 'json') return out(`${JSON.stringify(obj, null, 2)}\n`);
    if (format === 'ndjson') return out(`${JSON.stringify(obj)}\n`);
    // table, csv and tsv are for rows; a bare confirmation is for the person, on stderr.
    const text = typeof obj.message === 'string' ? obj.message : 'done';
    await err(`${paint.ok('✓')} ${text}\n`);
  }

  return {
    format,
    quiet,
    list,
    object,
    message,
    note: async (text) => {
      if (!quiet) await err(`${text}\n`);
    },
  };
}

interface Paint {
  head: (s: string) => string;
  dim: (s: string) => string;
  ok: (s: string) => string;
}

async function painter(enabled: boolean): Promise<Paint> {
  if (!enabled) return { head: (s) => s, dim: (s) => s, ok: (s) => s };
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return { head: (s) => chalk.bold.cyan(s), dim: (s) => chalk.dim(s), ok: (s) => chalk.green(s) };
}
