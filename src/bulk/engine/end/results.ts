import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import { redactValues } from '../../../output/cells.js';
import { checkFields, getPath, parseFieldList, pickFields, type Row } from '../../../output/fields.js';
import { createRowWriter, type StreamFormat } from '../../../output/row-writers.js';
import { writeText } from '../../../output/sink.js';
import { forTerminal } from '../../../util/terminal-text.js';
import type { RowStatus } from '../pace/timing.js';
import { linkColumnOf, type ColumnPlan, type LinkColumn } from '../../../input/link-columns.js';
import { aliasOf } from '../../../util/short-url.js';
import { type CsvDialect, csvDialect, csvEncoder } from '../../../output/csv-dialect.js';
import { withinMessageSize } from '../../../util/message-size.js';
import { RESULT_COLUMNS, resultFieldSources } from '../check/result-fields.js';

export interface RowResult {
  row: number;
  status: RowStatus;
  id?: number | string;
  shorturl?: string;
  error?: string;
  /** An `ok` whose link a lookup found after its answer was lost: journaled `adopted`, counted apart. */
  adopted?: true;
}

/** The cell that sets a link field in this row (through the column plan, or by its name). */
function fieldCell(cells: Record<string, string>, columns: ColumnPlan | undefined, field: LinkColumn): string {
  const header = columns
    ? columns.fields.find(([, f]) => f === field)?.[0]
    : Object.keys(cells).find((name) => linkColumnOf(name) === field);
  return header === undefined ? '' : (cells[header] ?? '').trim();
}

/**
 * The input columns, then the result's; an input column named like a result column gives way to it.
 * `alias` is the created link's (the row's custom alias when nothing was created), `longurl` the row's.
 * The result's columns a row has no value for are null.
 */
export function resultRow(cells: Record<string, string>, result: RowResult, columns?: ColumnPlan): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(cells)) {
    if (!(RESULT_COLUMNS as readonly string[]).includes(name)) out[name] = value;
  }
  return {
    ...out,
    row: result.row,
    status: result.status,
    // What a row has not got is null (empty in csv and tsv): a script tells "none" from "empty".
    id: result.id ?? null,
    alias: aliasOf(result.shorturl) ?? (fieldCell(cells, columns, 'custom') || null),
    shorturl: result.shorturl ?? null,
    longurl: fieldCell(cells, columns, 'url') || null,
    error: result.error ?? null,
  };
}

/**
 * Bulk commands write csv unless -o (or --json) asks for json, ndjson or tsv: their output is
 * meant for files and other programs, so a configured table default does not apply.
 */
export function bulkOutputFormat(ctx: Context, command: string): StreamFormat {
  const format = ctx.globals.output;
  if (format === undefined || ctx.globals.excel) return 'csv';
  if (format === 'table')
    throw new UsageError(
      `${command} writes csv, tsv, json or ndjson, not a table`,
      'use -o csv (the default), tsv, json or ndjson',
    );
  return format as StreamFormat;
}

export interface ResultSink {
  write(row: Row): Promise<void>;
  /** Sends what is buffered (a batched sink keeps up to 16 KiB). */
  flush(): Promise<void>;
  end(): Promise<void>;
}

export interface SinkOptions {
  /** What -q prints, one value per line. */
  quietField: string;
  /** Known in advance: gives csv/tsv a header even when there are no rows. */
  columns?: string[];
  /** Collect output in 16 KiB pieces (fast local runs); otherwise every row goes out at once. */
  batch?: boolean;
  /** Import results: the input's columns, which --fields names as the input does (check/result-fields.ts). */
  input?: ColumnPlan;
}

/** The csv/tsv the run writes: --excel, --delimiter and --bom, else plain csv (output/csv-dialect.ts). */
function runCsvDialect(ctx: Context): CsvDialect {
  return csvDialect(ctx.globals);
}

const BATCH_CHARS = 16 * 1024;

/** Streams rows to stdout in the bulk format, honouring --fields, -q and --excel-safe; the run's secrets are redacted. */
export async function openResultSink(ctx: Context, format: StreamFormat, opts: SinkOptions): Promise<ResultSink> {
  let buffered = '';
  const delimited = (format === 'csv' || format === 'tsv') && !ctx.globals.quiet;
  const encode = delimited ? csvEncoder(runCsvDialect(ctx)) : undefined;
  const flush = async () => {
    const text = buffered;
    buffered = '';
    if (text !== '') await writeText(ctx.io.stdout, encode ? encode(text) : text);
  };
  const out = async (text: string) => {
    buffered += text;
    if (!opts.batch || buffered.length >= BATCH_CHARS) await flush();
  };
  const write = await rowWriter(ctx, format, opts, out);
  return {
    write,
    flush,
    end: async () => {
      await write.end();
      await flush();
    },
  };
}

type RowOut = ((row: Row) => Promise<void>) & { end(): Promise<void> };

async function rowWriter(
  ctx: Context,
  format: StreamFormat,
  opts: SinkOptions,
  out: (text: string) => Promise<void>,
): Promise<RowOut> {
  const redact = (text: string) => ctx.secrets.redact(text);
  if (ctx.globals.quiet) {
    const quiet = async (row: Row) => {
      const value = getPath(row, opts.quietField);
      if (value !== undefined && value !== null && value !== '') await out(`${forTerminal(redact(String(value)))}\n`);
    };
    return Object.assign(quiet, { end: async () => {} });
  }
  const fields = parseFieldList(ctx.globals.fields);
  const sources = fields && opts.input ? resultFieldSources(fields, opts.input) : undefined;
  const pick = (row: Row, chosen: string[]): Row =>
    sources ? Object.fromEntries(chosen.map((f) => [f, row[sources.get(f) ?? f] ?? null])) : pickFields(row, chosen);
  const writer = await createRowWriter(format, out, fields ?? opts.columns, {
    excelSafe: runCsvDialect(ctx).formulaSafe,
    terminal: ctx.io.stdoutIsTTY,
    headers: ctx.globals.headers,
    delimiter: runCsvDialect(ctx).delimiter,
  });
  let first = true;
  const write = async (raw: Row) => {
    const row = redactValues(raw, redact);
    // The error column is a message for people, cut as stderr's are (after the redaction).
    if (typeof row.error === 'string') row.error = withinMessageSize(row.error);
    if (first && fields && !sources) checkFields(row, fields);
    first = false;
    await writer.row(fields ? pick(row, fields) : row);
  };
  return Object.assign(write, { end: () => writer.end() });
}
