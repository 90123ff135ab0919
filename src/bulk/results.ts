import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { checkFields, getPath, parseFieldList, pickFields, type Row } from '../output/fields.js';
import { createRowWriter, type StreamFormat } from '../output/row-writers.js';
import { writeText } from '../output/sink.js';
import type { RowStatus } from './timing.js';

/** The columns every import result adds to the input's own. */
export const RESULT_COLUMNS = ['row', 'status', 'id', 'shorturl', 'error'] as const;

export interface RowResult {
  row: number;
  status: RowStatus;
  id?: number | string;
  shorturl?: string;
  error?: string;
}

/** The input columns, then the result's; an input column named like a result column gives way to it. */
export function resultRow(cells: Record<string, string>, result: RowResult): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(cells)) {
    if (!(RESULT_COLUMNS as readonly string[]).includes(name)) out[name] = value;
  }
  return { ...out, row: result.row, status: result.status, id: result.id ?? '', shorturl: result.shorturl ?? '', error: result.error ?? '' };
}

/**
 * Bulk commands write csv unless -o (or --json) asks for json, ndjson or tsv: their output is
 * meant for files and other programs, so a configured table default does not apply.
 */
export function bulkOutputFormat(ctx: Context, command: string): StreamFormat {
  const format = ctx.globals.output;
  if (format === undefined) return 'csv';
  if (format === 'table') throw new UsageError(`${command} writes csv, tsv, json or ndjson, not a table`, 'use -o csv (the default), tsv, json or ndjson');
  return format as StreamFormat;
}

export interface ResultSink {
  write(row: Row): Promise<void>;
  end(): Promise<void>;
}

/**
 * Streams rows to stdout in the bulk format, honouring --fields and -q (`quietField` per line).
 * `columns`, when known in advance, gives csv/tsv a header even when there are no rows.
 */
export async function openResultSink(ctx: Context, format: StreamFormat, quietField: string, columns?: string[]): Promise<ResultSink> {
  const out = (text: string) => writeText(ctx.io.stdout, text);
  if (ctx.globals.quiet) {
    return {
      write: async (row) => {
        const value = getPath(row, quietField);
        if (value !== undefined && value !== null && value !== '') await out(`${String(value)}\n`);
      },
      end: async () => {},
    };
  }
  const fields = parseFieldList(ctx.globals.fields);
  const writer = await createRowWriter(format, out, fields ?? columns);
  let first = true;
  return {
    async write(row) {
      if (first && fields) checkFields(row, fields);
      first = false;
      await writer.row(fields ? pickFields(row, fields) : row);
    },
    end: () => writer.end(),
  };
}
