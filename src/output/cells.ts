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

/** A value with `redact` applied to every string in it, keys included (a server's answer may echo a secret anywhere). */
export function redactValues<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactValues(v, redact)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactValues(v, redact)])) as T;
  }
  return value;
}

/** Shortens text to `width` characters, marking the cut with `…`. */
export function truncate(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  return width <= 1 ? '…'.slice(0, width) : `${chars.slice(0, width - 1).join('')}…`;
}

/** Table cells are one line: newlines and tabs would break the grid. */
export function oneLineCell(text: string): string {
  return text.replace(/\r?\n|\r/g, '⏎').replace(/\t/g, ' ');
}

/**
 * Column widths that fit in `available` characters: the widest column gives way first, so short
 * columns (ids, counts) stay whole while long URLs are cut. No column goes under `minimum`.
 */
export function fitWidths(natural: number[], available: number, minimum = 6): number[] {
  const widths = [...natural];
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > available) {
    let widest = 0;
    for (let i = 1; i < widths.length; i++) if (widths[i] > widths[widest]) widest = i;
    if (widths[widest] <= minimum) break;
    const secondWidest = Math.max(minimum, ...widths.filter((_, i) => i !== widest));
    const cut = Math.min(total - available, Math.max(1, widths[widest] - secondWidest));
    widths[widest] -= cut;
    total -= cut;
  }
  return widths;
}

/** `page 2/7 · 134 results` (or `134 results` when every page was printed). */
export function pageFooter(info: { page: number; maxpage: number; total: number; all?: boolean }): string {
  const results = `${info.total} result${info.total === 1 ? '' : 's'}`;
  return info.all ? results : `page ${info.page}/${info.maxpage} · ${results}`;
}
