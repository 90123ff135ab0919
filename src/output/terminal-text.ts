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

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

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
