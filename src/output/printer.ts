import type { IO } from '../io.js';
import type { OutputFormat } from '../settings/types.js';
import { formatCell, pageFooter, redactValues } from './cells.js';
import { type CsvDialect, csvEncoder } from './csv-dialect.js';
import { checkFields, flattenRow, getPath, parseFieldList, pickFields, withoutError, type Row } from './fields.js';
import { createRowWriter, jsonText } from './row-writers.js';
import { writeText } from './sink.js';
import { renderKeyValue, renderTable, type TableStyle } from './table.js';
import { forTerminal, forTerminalLines } from '../util/terminal-text.js';
import { withinMessageSize } from '../util/message-size.js';

export type { Row } from './fields.js';

/** How a resource is shown: declared once per resource, used by every format. */
export interface View {
  /** Default table columns, as dotted paths (`details.longurl`). json/ndjson/csv/tsv print every key unless --fields. */
  columns: string[];
  /** The field -q prints, one value per line (default `id`). */
  quiet?: string;
  /** Every field an item of a list has (docs/api.md): list commands check --fields against them
   * before any request. Without it, --fields is checked against the first row received. */
  fields?: readonly string[];
  /** The csv/tsv header of a list with no items; default: `fields`, else `columns`. Rows print their own keys. */
  header?: readonly string[];
  /** Fields servers of other versions add (docs/api.md, "Server versions"): accepted by --fields too, shown
   * after the declared ones. */
  extraFields?: readonly string[];
  /** Default columns a narrow terminal may leave out, least useful first (never under --fields). */
  spare?: readonly string[];
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
  /**
   * Records that come over time (`--watch` into a pipe): a line each as it comes, ndjson unless
   * a format was chosen (csv and tsv: one header); json and table print each as `object` does.
   */
  stream(records: AsyncIterable<Row>, view: View): Promise<void>;
  /** A response that only carries a message: a note on stderr for people, the object for scripts, nothing with -q. */
  message(obj: Row): Promise<void>;
  /** A notice for people on stderr (never with -q, never in data). */
  note(text: string): Promise<void>;
}

/** What a printer is made of: the streams, the choices of -o, --fields, -q, colour and
 * --excel-safe, and the run's redaction. */
export interface PrinterOptions {
  io: Pick<IO, 'stdout' | 'stderr' | 'stdoutIsTTY' | 'columns'>;
  /** An explicit choice (flag, env or config); undefined: table on a TTY, tsv otherwise. */
  format?: OutputFormat;
  /** --fields as given. */
  fields?: string;
  quiet: boolean;
  color: boolean;
  excelSafe?: boolean;
  /** false with --no-headers: tables, csv and tsv print their rows only. */
  headers?: boolean;
  /** Hides the run's secrets in a text (see util/secrets.ts). */
  redact: (text: string) => string;
  /** csv/tsv: delimiter, encoding, byte order mark (--excel, --delimiter, --bom); plain csv by default. */
  csv?: CsvDialect;
  /** The terminal takes UTF-8 (isUtf8Locale, util/terminal-text.ts): tables draw box characters, else ASCII. */
  unicode?: boolean;
}

/**
 * What comes from a server passes two filters here, once for every format: the run's secrets are
 * redacted (a server may echo the key or a password anywhere), and text for people (tables, -q
 * lines, notes) is made safe for a terminal (see util/terminal-text.ts). json and ndjson keep the
 * data exact (JSON escapes the controls); csv and tsv too, unless stdout is a terminal.
 */
export async function createPrinter(opts: PrinterOptions): Promise<Printer> {
  const { io, quiet, redact } = opts;
  const format = opts.format ?? (io.stdoutIsTTY ? 'table' : 'tsv');
  const fields = parseFieldList(opts.fields);
  const paint = await painter(opts.color);
  const out = (text: string | Uint8Array) => writeText(io.stdout, text);
  const err = (text: string) => writeText(io.stderr, text);
  const style: TableStyle = {
    columns: io.columns,
    head: paint.head,
    headers: opts.headers !== false,
    unicode: opts.unicode !== false,
  };
  const clean = <T>(value: T): T => redactValues(value, redact);
  const rowWriter = (view?: View, rowFormat = format) => {
    const encode = opts.csv && (rowFormat === 'csv' || rowFormat === 'tsv') ? csvEncoder(opts.csv) : undefined;
    return createRowWriter(rowFormat as Exclude<OutputFormat, 'table'>, encode ? (t) => out(encode(t)) : out, fields, {
      excelSafe: opts.excelSafe,
      terminal: io.stdoutIsTTY,
      headers: opts.headers,
      emptyColumns: view && (view.header ?? view.fields ?? view.columns),
      delimiter: opts.csv?.delimiter,
    });
  };

  async function printQuiet(row: Row, view: View): Promise<void> {
    const value = getPath(row, view.quiet ?? 'id');
    if (value !== undefined && value !== null && value !== '') await out(`${forTerminal(redact(formatCell(value)))}\n`);
  }

  async function list(source: AsyncIterable<Row> | Iterable<Row>, view: View, info?: () => PageInfo | undefined) {
    const rows = cleaned(source, clean);
    if (quiet) {
      for await (const row of rows) await printQuiet(row, view);
      return;
    }
    if (format === 'table') return listTable(rows, view, info);
    const writer = await rowWriter(view);
    let first = true;
    for await (const row of rows) {
      if (first && fields && !view.fields) checkFields(row, fields);
      first = false;
      await writer.row(fields ? pickFields(row, fields) : row);
    }
    await writer.end();
  }

  async function listTable(rows: AsyncIterable<Row> | Iterable<Row>, view: View, info?: () => PageInfo | undefined) {
    const buffered: Row[] = [];
    for await (const row of rows) buffered.push(row);
    if (buffered.length === 0) return err('no results\n');
    if (fields && !view.fields) checkFields(buffered[0], fields);
    const table = await renderTable(buffered, fields ?? view.columns, style, fields ? [] : view.spare);
    await out(table.text);
    if (table.dropped.length > 0) {
      const note = `not shown at this width: ${table.dropped.join(', ')} (--fields brings them back)`;
      await err(`${paint.dim(note)}\n`);
    }
    const page = info?.();
    if (page) await err(`${paint.dim(pageFooter(page))}\n`);
  }

  async function object(response: Row, view: View) {
    const obj = clean(withoutError(response));
    if (quiet) return printQuiet(obj, view);
    // Declared fields were checked before any request; a value the server left out prints empty.
    if (fields && !view.fields) checkFields(obj, fields);
    const shown = fields ? pickFields(obj, fields) : obj;
    if (format === 'table') return out(await renderKeyValue(Object.entries(fields ? shown : flattenRow(obj)), style));
    if (format === 'json') return out(`${jsonText(shown, 2)}\n`);
    const writer = await rowWriter();
    await writer.row(shown);
    await writer.end();
  }

  async function stream(records: AsyncIterable<Row>, view: View) {
    const lineFormat = opts.format ?? 'ndjson';
    if (quiet || lineFormat === 'table' || lineFormat === 'json') {
      for await (const record of records) await object(record, view);
      return;
    }
    const writer = await rowWriter(view, lineFormat);
    let first = true;
    for await (const record of records) {
      const obj = clean(withoutError(record));
      if (first && fields && !view.fields) checkFields(obj, fields);
      first = false;
      await writer.row(fields ? pickFields(obj, fields) : obj);
    }
    await writer.end();
  }

  async function message(response: Row) {
    if (quiet) return;
    const obj = clean(withoutError(response));
    if (format === 'json') return out(`${jsonText(obj, 2)}\n`);
    if (format === 'ndjson') return out(`${jsonText(obj)}\n`);
    // table, csv and tsv are for rows; a bare confirmation is for the person, on stderr.
    const text = typeof obj.message === 'string' ? obj.message : 'done';
    await err(`${paint.ok('✓')} ${forTerminal(withinMessageSize(text))}\n`);
  }

  return {
    format,
    quiet,
    list,
    object,
    stream,
    message,
    note: async (text) => {
      if (!quiet) await err(`${forTerminalLines(withinMessageSize(redact(text)))}\n`);
    },
  };
}

/** The rows with the run's secrets redacted, as they stream. */
async function* cleaned(rows: AsyncIterable<Row> | Iterable<Row>, clean: (row: Row) => Row): AsyncGenerator<Row> {
  for await (const row of rows) yield clean(row);
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
