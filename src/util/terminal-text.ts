/**
 * Text from a server, made safe to show on a terminal. A link title, a message or a header value
 * may carry escape sequences that clear the screen, rewrite the window title, write the clipboard
 * (OSC 52) or forge hyperlinks (OSC 8), and bidi overrides that make text read differently from
 * what it is. Every such character is made visible instead:
 *
 * - C0 controls and DEL become their Unicode control pictures: ESC is `␛`, CR `␍`, BEL `␇`, DEL `␡`
 *   (one column each, so tables stay aligned);
 * - C1 controls (U+0080–U+009F, e.g. the one-byte CSI U+009B) and the bidi embeddings, overrides
 *   and isolates (U+202A–U+202E, U+2066–U+2069) become `<U+XXXX>`.
 *
 * Used for everything shorty writes for people: tables, `-q` lines, notes and `shorty:` error
 * lines. Data formats keep the data exact (see escapeJsonInvisibles and the row writers).
 */

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function shown(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

export function forTerminal(text: string): string {
  return text.replace(UNSAFE, shown);
}

/** Like forTerminal, but line breaks stay line breaks (for text of several lines, e.g. XML). */
export function forTerminalLines(text: string): string {
  return text.replace(UNSAFE, (char) => (char === '\n' ? char : shown(char)));
}

/**
 * JSON text with the characters JSON.stringify leaves raw (C1 controls, bidi controls) written as
 * `\uXXXX` escapes: the same data for any JSON reader, and nothing a terminal acts on. Such
 * characters can only stand inside strings, where an escape means the same character.
 */
const JSON_RAW = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function escapeJsonInvisibles(json: string): string {
  return json.replace(JSON_RAW, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One line of text for a view: line breaks and tabs become spaces, the rest as forTerminal. */
export function terminalText(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  return forTerminal(text.replace(/\r\n|\r|\n|\t/g, ' '));
}

/** Characters that take two cells: East Asian wide and fullwidth forms, and most emoji. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
/** Combining marks and joiners take none. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: tested one code point at a time (for…of), never a sequence
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
