// Text from the server shown on a terminal: a title or a referrer could carry escape sequences
// that move the cursor, retitle the window or hide what follows. Control characters become
// visible, and width is measured in terminal cells so views stay aligned.

/** C0 and C1 controls, DEL, and the bidirectional overrides that reorder what is displayed. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** One line of plain text: each control becomes `?` (ESC `[31m` -> `?[31m`, which prints as is). */
export function terminalText(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  return text.replace(/\r\n|\r|\n|\t/g, ' ').replace(UNSAFE, '?');
}

/** Characters that take two cells: East Asian wide and fullwidth forms, and most emoji. */
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
/** Combining marks and joiners take none. */
const ZERO = /[\u0300-\u036f\u200b-\u200d\ufe00-\ufe0f]/u;

export function cellWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ZERO.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
  return width;
}

/** Cuts text to at most `width` cells, marking the cut with `ellipsis`. */
export function fitCells(text: string, width: number, ellipsis = '…'): string {
  if (cellWidth(text) <= width) return text;
  const room = width - cellWidth(ellipsis);
  if (room < 0) return ellipsis.slice(0, Math.max(0, width));
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = cellWidth(ch);
    if (used + w > room) break;
    out += ch;
    used += w;
  }
  return out + ellipsis;
}

/** Pads text with spaces to `width` cells (on the right; on the left with `alignRight`). */
export function padCells(text: string, width: number, alignRight = false): string {
  const pad = ' '.repeat(Math.max(0, width - cellWidth(text)));
  return alignRight ? pad + text : text + pad;
}

/**
 * Whether the terminal takes UTF-8: the first of LC_ALL, LC_CTYPE, LANG that is set decides, as
 * setlocale(3) does. Unset, C and POSIX mean ASCII.
 */
export function isUtf8Locale(env: Record<string, string | undefined>): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  if (locale === '' || locale === 'C' || locale === 'POSIX') return false;
  return /utf-?8/i.test(locale);
}
