/** Turning values into text cells, shared by table, csv and tsv. */

/** Empty for null/undefined, strings as they are, nested values as compact JSON. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** TSV has no quoting: a tab, newline or backslash inside a value is written `\t`, `\n`, `\\`. */
export function escapeTsv(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * --excel-safe: a cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a leading tab
 * or CR) gets a `'` in front, which spreadsheets read as "text" and hide. Off by default: it
 * changes the data, and exports must re-import exactly.
 */
export function excelSafeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The inverse of excelSafeCell, for `urls import`: a file shorty wrote for Excel reads back as the data it held. */
export function withoutFormulaMark(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A value with `redact` applied to every string in it, keys included (a server's answer may echo a secret anywhere). */
export function redactValues<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactValues(v, redact)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactValues(v, redact)])) as T;
  }
  return value;
}

/** Table cells are one line: newlines and tabs would break the grid. */
export function oneLineCell(text: string): string {
  return text.replace(/\r?\n|\r/g, '⏎').replace(/\t/g, ' ');
}

/** `page 2/7 · 134 results` (or `134 results` when every page was printed). */
export function pageFooter(info: { page: number; maxpage: number; total: number; all?: boolean }): string {
  const results = `${info.total} result${info.total === 1 ? '' : 's'}`;
  return info.all ? results : `page ${info.page}/${info.maxpage} · ${results}`;
}
