import { UsageError } from '../../../errors.js';
import { headerKey, linkColumnOf, type ColumnMapOption } from '../../../input/link-columns.js';

/** The shapes `urls import` reads: CSV with a header, one URL per line, or one JSON object per line. */
export const INPUT_FORMATS = ['csv', 'lines', 'ndjson'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** Field delimiters spreadsheets write: comma, semicolon (Excel where `,` is the decimal mark), tab, pipe. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export interface InputShape {
  format: InputFormat;
  /** The CSV field delimiter (`,` for the other formats). */
  delimiter: Delimiter;
}

const DELIMITER_NAMES: Record<string, Delimiter> = {
  ',': ',',
  comma: ',',
  ';': ';',
  semicolon: ';',
  '\t': '\t',
  '\\t': '\t',
  tab: '\t',
  '|': '|',
  pipe: '|',
};

/** `--delimiter`: the character itself, `\t`, or its name (tab, comma, semicolon, pipe). */
export function parseDelimiter(text: string): Delimiter {
  const delimiter = DELIMITER_NAMES[text] ?? DELIMITER_NAMES[text.trim().toLowerCase()];
  if (!delimiter) throw new UsageError(`invalid --delimiter ${JSON.stringify(text)}: use , ; | or tab`);
  return delimiter;
}

/** The first line that is not blank, without a byte order mark or line ending. */
export function firstLine(head: string): string {
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
 * Decides how to read the input from its first line, unless flags say. A JSON object means NDJSON;
 * a line that starts with a URL means plain lines (URLs may hold any delimiter, so one proves
 * nothing there); a line that splits into several fields, or holds a quote, or names a single known
 * column (`url`), is a CSV header; anything else is taken as lines, so the row check can say which
 * "URL" was wrong. The delimiter is the one under which the header names the most known columns,
 * then the one that splits it into the most fields.
 */
export async function detectInputShape(head: string, opts: DetectOptions = {}): Promise<InputShape> {
  const line = firstLine(head);
  const tabFile = opts.path !== undefined && /\.(tsv|tab)$/i.test(opts.path);
  const forced = opts.delimiter ?? (tabFile ? '\t' : undefined);
  const best = await bestDelimiter(line, opts.map);
  const format = opts.format ?? guessFormat(line, opts, forced !== undefined || best.fields > 1);
  return { format, delimiter: format === 'csv' ? (forced ?? best.delimiter) : ',' };
}

function guessFormat(line: string, opts: DetectOptions, delimited: boolean): InputFormat {
  if (line.startsWith('{')) return 'ndjson';
  if (opts.delimiter !== undefined) return 'csv';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(line)) return 'lines';
  return delimited || line.includes('"') || isKnownHeader(line, opts.map) ? 'csv' : 'lines';
}

function isKnownHeader(name: string, map?: ColumnMapOption): boolean {
  return linkColumnOf(name) !== undefined || (map?.has(headerKey(name)) ?? false);
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
