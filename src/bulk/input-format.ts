import { COLUMN_ALIASES, LINK_COLUMNS } from '../input/link-body.js';

/** The shapes `urls import` reads: CSV with a header, one URL per line, or one JSON object per line. */
export const INPUT_FORMATS = ['csv', 'lines', 'ndjson'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

const KNOWN_HEADERS = new Set<string>([...LINK_COLUMNS, ...Object.keys(COLUMN_ALIASES)]);

/** The first line that is not blank, without a byte order mark or line ending. */
export function firstLine(head: string): string {
  const text = head.replace(/^\uFEFF/, '');
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() !== '') return line.trim();
  }
  return '';
}

/**
 * Guesses the format from the start of the input. A JSON object means NDJSON; a line that starts
 * with a URL means plain lines (URLs may contain commas, so a comma alone proves nothing); a line
 * with a comma or a quote, or a single known column name (`url`), is a CSV header; anything else
 * is taken as lines, so the row validator can say which "URL" was wrong.
 */
export function detectInputFormat(head: string): InputFormat {
  const line = firstLine(head);
  if (line.startsWith('{')) return 'ndjson';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(line)) return 'lines';
  if (/[,"]/.test(line)) return 'csv';
  if (KNOWN_HEADERS.has(line.toLowerCase())) return 'csv';
  return 'lines';
}
