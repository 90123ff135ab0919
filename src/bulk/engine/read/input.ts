import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import {
  COLUMN_SYNONYMS,
  headerKey,
  ignoredColumnsWarning,
  planColumns,
  type ColumnMapOption,
  type ColumnPlan,
} from '../../../input/link-columns.js';
import { lineEndingOf, type LineEnding } from '../../../output/csv-dialect.js';
import { detectInputShape, type Delimiter, type InputFormat, type InputShape } from './format.js';
import { csvRecords } from './csv-records.js';
import { headerColumns, readRows, type SourceRow } from './rows.js';
import { openInput, type InputFile, type TextEncodingUsed } from './source.js';

export interface InputOptions {
  file?: string;
  /** The rows as text instead of a file. */
  text?: string;
  format?: InputFormat;
  delimiter?: Delimiter;
  encoding?: string;
  map?: ColumnMapOption;
}

/** The import's input, its shape decided and its columns checked; rows() reads it from the start. */
export interface ImportInput {
  file: InputFile;
  shape: InputShape;
  /** What the text was read in: --failed-out writes its rows back in it. */
  encoding: TextEncodingUsed;
  /** The input's columns (CSV header, first NDJSON or JSON object; `url` for lines). */
  columns: ColumnPlan;
  /** The input's line ending: --failed-out writes its rows with it. */
  lineEnding: LineEnding;
  rows(): AsyncGenerator<SourceRow>;
}

/**
 * Opens the input and reads its header (the first object for NDJSON) before any row: a CSV with no
 * column for the long URL is exit 2 then, naming the accepted names, and `warn` gets one line for
 * the columns that will not be imported.
 */
export async function openImportInput(
  ctx: Context,
  opts: InputOptions,
  warn: (line: string) => void,
): Promise<ImportInput> {
  const file = await openInput(ctx, opts.file, opts.encoding, opts.text);
  const head = await file.head();
  const shape = await detectInputShape(head, { ...opts, path: opts.file });
  const encoding = await file.encoding();
  const tsvEscapes = shape.format === 'csv' && shape.delimiter === '\t' && !encoding.name.startsWith('utf-16');
  const input: Omit<ImportInput, 'columns'> = {
    file,
    shape,
    encoding,
    lineEnding: lineEndingOf(head),
    rows: () => readRows(file.text(), shape, { map: opts.map, label: file.label, tsvEscapes }),
  };
  const columns = await firstColumns(input, opts.map);
  if (columns && shape.format === 'csv' && !columns.fields.some(([, field]) => field === 'url')) {
    throw new UsageError(
      `${file.label} has no column of long URLs among ${headerText(columns)}; ` +
        `accepted names: ${['url', ...COLUMN_SYNONYMS.url].join(', ')} (case, spaces, - and _ do not matter)`,
      shortUrlsOnly(columns)
        ? 'short URLs alone (what `legacy list` prints) cannot make links: `shorty urls export` writes the long URLs too'
        : 'rename that column, or map it: --map "HEADER=url"',
    );
  }
  const warning = columns && ignoredColumnsWarning(columns);
  if (warning) warn(warning);
  return { ...input, columns: columns ?? planColumns(['url']) };
}

/** The plan of the header (CSV) or of the first object (NDJSON); lines have one column, the URL. */
async function firstColumns(
  input: Omit<ImportInput, 'columns'>,
  map?: ColumnMapOption,
): Promise<ColumnPlan | undefined> {
  if (input.shape.format === 'csv') {
    for await (const { record } of csvRecords(input.file.text(), input.shape))
      return planColumns(headerColumns(record), map);
    return undefined;
  }
  if (input.shape.format === 'ndjson' || input.shape.format === 'json') {
    for await (const row of input.rows()) return row.columns;
  }
  return undefined;
}

function shortUrlsOnly(plan: ColumnPlan): boolean {
  return plan.headers.some((h) => headerKey(h) === 'shorturl');
}

function headerText(plan: ColumnPlan): string {
  return plan.headers.map((n) => JSON.stringify(n)).join(', ');
}
