/**
 * The size of a message for people: an error, a hint, a warning or a note is one line on a
 * terminal or in a CI log. A server may send a 7 MB error message, and an import may find
 * 100,000 unknown columns; printed whole, either buries everything else. The one rule: past
 * MESSAGE_MAX characters a message is cut, and says how much was left out. Secrets must be
 * redacted before the cut: a key cut in two is no longer found by the redaction.
 */

/** Characters of one message kept: a few lines of a wide terminal. */
const MESSAGE_MAX = 1000;
/** Names listed in one message (columns, fields, values) before `… and N more`. */
const NAMES_MAX = 20;

const count = (n: number) => n.toLocaleString('en-US');

/** The text, or its first `max` characters and `… [N more characters left out]`. */
export function withinMessageSize(text: string, max = MESSAGE_MAX): string {
  if (text.length <= max) return text;
  // Not inside a surrogate pair: the half of an emoji prints as garbage.
  const end = /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return `${text.slice(0, end)}… [${count(text.length - end)} more characters left out]`;
}

/** `"a", "b", "c"`, or the first `max` of them and `… and N more`. */
export function namesWithin(names: readonly string[], max = NAMES_MAX): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')}, … and ${count(names.length - max)} more`;
}
