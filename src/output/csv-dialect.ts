// The form of the CSV shorty writes: field delimiter, encoding, byte order mark. Plain by default
// (comma, UTF-8, no mark: what programs expect); `--excel` for the spreadsheet on the other end.
//
// Why --excel is UTF-16LE with a byte order mark and tab-separated: it is the one form Excel
// opens by double-click into columns, every character intact, whatever the locale. A comma file
// opens as one column where `,` is the decimal mark (Germany: Excel splits at its list separator,
// `;`), a `;` file as one column in the US; a first line `sep=;` makes both split, but Excel is
// widely reported to ignore a UTF-8 mark then (Ü reads as Ã¼), and every other program reads it as a row; a UTF-8 mark
// alone fixes the characters but not the columns. Excel reads UTF-16 with its mark as Unicode
// text, which it splits at tabs on every locale; it is also what Excel itself writes as "Unicode
// text", and `urls import` reads it back as is.
import { UsageError } from '../errors.js';

/** Field delimiters spreadsheets write: comma, semicolon (Excel where `,` is the decimal mark), tab, pipe. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

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

export interface CsvDialect {
  delimiter: Delimiter;
  /** A TextDecoder name: utf-8, utf-16le, windows-1252, ... */
  encoding: string;
  /** A byte order mark first (UTF-8 and UTF-16 only). */
  bom: boolean;
  /**
   * Cells a spreadsheet would run as a formula get a `'` (--excel-safe, and --excel: a file made
   * for Excel must not run an `=HYPERLINK(...)` title); import takes the mark off again.
   */
  formulaSafe?: boolean;
  /** The record separator, when not LF: --failed-out keeps its input's CRLF (or CR). */
  lineEnding?: LineEnding;
}

export type LineEnding = '\n' | '\r\n' | '\r';

/** The line ending of a text's first line (LF when it has none yet). */
export function lineEndingOf(text: string): LineEnding {
  const match = /\r\n|\r|\n/.exec(text);
  return (match?.[0] as LineEnding | undefined) ?? '\n';
}

export const PLAIN_CSV: CsvDialect = { delimiter: ',', encoding: 'utf-8', bom: false };
const EXCEL_CSV: CsvDialect = { delimiter: '\t', encoding: 'utf-16le', bom: true };

export interface CsvFlags {
  excel?: boolean;
  excelSafe?: boolean;
  bom?: boolean;
  /** --delimiter as given. */
  delimiter?: string;
}

/** The dialect the flags ask for, over `base` (the input's own, for --failed-out): --excel, then --delimiter and --bom. */
export function csvDialect(flags: CsvFlags, base: CsvDialect = PLAIN_CSV): CsvDialect {
  const dialect = flags.excel ? { ...EXCEL_CSV, ...(base.lineEnding && { lineEnding: base.lineEnding }) } : { ...base };
  if (flags.delimiter !== undefined) dialect.delimiter = parseDelimiter(flags.delimiter);
  if (flags.bom) {
    dialect.bom = true;
    if (!hasMark(dialect.encoding)) dialect.encoding = 'utf-8';
  }
  if (flags.excel || flags.excelSafe) dialect.formulaSafe = true;
  return dialect;
}

const hasMark = (encoding: string) => /^utf-(8|16le|16be)$/.test(encoding);
const SINGLE_BYTE = /^(ibm866|iso-8859-\d+|koi8-[ru]|macintosh|windows-12\d\d|windows-874|x-mac-cyrillic)$/;

/** Whether shorty can write text in this encoding (Node writes UTF-8 and UTF-16; single-byte ones by table). */
export function canEncode(encoding: string): boolean {
  return hasMark(encoding) || SINGLE_BYTE.test(encoding);
}

/**
 * Text to the dialect's bytes, the byte order mark before the first piece. A character a
 * single-byte encoding lacks becomes `?` (text read in that encoding has none; only a message
 * shorty adds could).
 */
export function csvEncoder(dialect: CsvDialect): (text: string) => Uint8Array {
  let first = true;
  const encode = bytesOf(dialect.encoding);
  return (text) => {
    const marked = first && dialect.bom && hasMark(dialect.encoding) ? `\uFEFF${text}` : text;
    first = false;
    return encode(marked);
  };
}

function bytesOf(encoding: string): (text: string) => Uint8Array {
  if (encoding === 'utf-16le') return (text) => Buffer.from(text, 'utf16le');
  if (encoding === 'utf-16be') return (text) => Buffer.from(text, 'utf16le').swap16();
  if (SINGLE_BYTE.test(encoding)) return singleByte(encoding);
  return (text) => Buffer.from(text, 'utf8');
}

/** The encoding's table read backwards from TextDecoder: character -> byte. */
function singleByte(encoding: string): (text: string) => Uint8Array {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number>();
  for (let byte = 255; byte >= 0; byte--) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  const unknown = '?'.charCodeAt(0);
  return (text) => {
    const out = new Uint8Array(text.length);
    let n = 0;
    for (const char of text) out[n++] = table.get(char) ?? unknown;
    return out.subarray(0, n);
  };
}
