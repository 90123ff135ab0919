import { headerKey, linkColumnOf, type ColumnMapOption, INFORMATIONAL_COLUMNS } from '../../../input/link-columns.js';
import { UsageError } from '../../../errors.js';
import { DELIMITERS, type Delimiter } from '../../../output/csv-dialect.js';

/**
 * The shapes `urls import` reads: CSV with a header, one URL per line, one JSON object per line,
 * or a JSON document (an array of objects, or one object, as `-o json` prints them).
 */
const INPUT_FORMATS = ['csv', 'lines', 'ndjson', 'json'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

export { type Delimiter, parseDelimiter } from '../../../output/csv-dialect.js';

export interface InputShape {
  format: InputFormat;
  /** The CSV field delimiter (`,` for the other formats). */
  delimiter: Delimiter;
  /** The CSV starts with Excel's `sep=;` line, which names the delimiter and is not the header. */
  sepLine?: true;
}

/** The first line that is not blank, without a byte order mark or line ending. */
function firstLine(head: string): string {
  const text = head.replace(/^\uFEFF/, '');
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() !== '') return line.trim();
  }
  return '';
}

export interface DetectOptions {
  format?: InputFormat;
  delimiter?: Delimiter;
  /** The file's name: `.tsv` and `.tab` files are tab-separated. */
  path?: string;
  /** `--map` headers count as known column names. */
  map?: ColumnMapOption;
}

/**
 * Decides how to read the input from its first line, unless flags say. A JSON object means NDJSON,
 * a `[` or an object spread over lines a JSON document;
 * a line that starts with a URL means plain lines (URLs may hold any delimiter, so one proves
 * nothing there); a line that splits into several fields, or holds a quote, or names a single known
 * column (`url`), is a CSV header; anything else is taken as lines, so the row check can say which
 * "URL" was wrong. The delimiter is the one under which the header names the most known columns,
 * then the one that splits it into the most fields.
 */
export async function detectInputShape(head: string, opts: DetectOptions = {}): Promise<InputShape> {
  const sep = sepLineDelimiter(head);
  if (sep !== undefined && (opts.format === undefined || opts.format === 'csv'))
    return { format: 'csv', delimiter: opts.delimiter ?? sep, sepLine: true };
  const line = firstLine(head);
  const tabFile = opts.path !== undefined && /\.(tsv|tab)$/i.test(opts.path);
  const forced = opts.delimiter ?? (tabFile ? '\t' : undefined);
  const best = await bestDelimiter(line, opts.map);
  const format = opts.format ?? guessFormat(line, opts, forced !== undefined || best.fields > 1);
  return { format, delimiter: format === 'csv' ? (forced ?? best.delimiter) : ',' };
}

/**
 * Excel writes, and reads, a first line `sep=;` naming the delimiter (some locales' CSV files
 * carry one so that they open in columns anywhere). It is honoured, and is not the header.
 */
function sepLineDelimiter(head: string): Delimiter | undefined {
  const match = /^\uFEFF?sep=(.)[ \t]*(?:\r\n|\r|\n|$)/i.exec(head);
  if (!match) return undefined;
  const delimiter = DELIMITERS.find((d) => d === match[1]);
  if (delimiter) return delimiter;
  throw new UsageError(
    `the first line ${JSON.stringify(`sep=${match[1]}`)} names a delimiter shorty does not read`,
    'save the file with , ; tab or | between the columns',
  );
}

function guessFormat(line: string, opts: DetectOptions, delimited: boolean): InputFormat {
  if (line.startsWith('[')) return 'json';
  if (line.startsWith('{')) return isJsonObject(line) ? 'ndjson' : 'json';
  if (opts.delimiter !== undefined) return 'csv';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(line)) return 'lines';
  return delimited || line.includes('"') || isKnownHeader(line, opts.map) ? 'csv' : 'lines';
}

/** A line that is a whole JSON object is NDJSON's first row; `{` alone opens a pretty-printed document. */
function isJsonObject(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** A column of the link vocabulary (one a link body reads, or one shorty prints about a link: `shorturl`). */
function isKnownHeader(name: string, map?: ColumnMapOption): boolean {
  const key = headerKey(name);
  return linkColumnOf(name) !== undefined || INFORMATIONAL_COLUMNS.includes(key) || (map?.has(key) ?? false);
}

interface Candidate {
  delimiter: Delimiter;
  fields: number;
  known: number;
}

function pick(candidates: Candidate[]): Candidate {
  return candidates.reduce((best, c) =>
    c.known > best.known || (c.known === best.known && c.fields > best.fields) ? c : best,
  );
}

/** The header line split by csv-parse under each delimiter, quotes respected. */
async function bestDelimiter(line: string, map?: ColumnMapOption): Promise<Candidate> {
  const { parse } = await import('csv-parse/sync');
  return pick(
    DELIMITERS.map((delimiter) => {
      let fields: string[] = [line];
      try {
        fields = (
          parse(line, { delimiter, relax_quotes: true, relax_column_count: true, to_line: 1 }) as string[][]
        )[0] ?? [line];
      } catch {
        // a line this delimiter cannot split (a quote in the wrong place) is one field
      }
      return { delimiter, fields: fields.length, known: fields.filter((f) => isKnownHeader(f, map)).length };
    }),
  );
}
