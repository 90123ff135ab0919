// How a table shares a terminal's width: the one rule for every list and key/value table. The
// values people copy or match on (ids, aliases, short URLs, dates) stay whole; free text (long
// URLs, titles, descriptions) gives way first, a URL cut in its middle so its end (the page, the
// query) stays readable. With no terminal nothing is cut.
import { cellWidth, fitCells } from '../util/terminal-text.js';

/** What a column holds, in the order columns give way. */
export type Role = 'free' | 'other' | 'date' | 'identifier';

/** Columns that name a record: cut only when nothing else is left to cut. */
const IDENTIFIER = /(^|\.)(id|alias|custom|shorturl|short_url|short|code|row|status|key|domain|type)$/i;
/** Columns of free text or long URLs: cut first. */
const FREE =
  /(^|\.)(longurl|url|link|location|target|title|description|metatitle|metadescription|message|error|problem|note|notes|reason|value|image|metaimage)$/i;
const DATE_VALUE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/;
const URL_VALUE = /^[a-z][a-z0-9+.-]*:\/\/\S/i;

/** The narrowest a free-text column gets before the dates are shortened. */
const FREE_FIRST_MINIMUM = 12;
const MINIMUM = 6;
const ELLIPSIS = '…';

/** The role of a column from its name and its values. */
export function columnRole(name: string | undefined, values: string[]): Role {
  const filled = values.filter((v) => v !== '');
  if (name !== undefined && IDENTIFIER.test(name)) return 'identifier';
  if (filled.length > 0 && filled.every((v) => DATE_VALUE.test(v))) return 'date';
  if (name !== undefined && FREE.test(name)) return 'free';
  if (filled.length > 0 && filled.every((v) => URL_VALUE.test(v))) return 'free';
  return 'other';
}

/** Free text narrower than this is hardly worth a column: a spare column goes first. */
const FREE_READABLE = 20;

/**
 * The columns to leave out so the others keep a readable width: spare columns (`spare`, least
 * useful first) go one by one while the table would not fit with its free text at 20 cells, its
 * dates to the day and the rest whole. Narrowing every column instead cut the one that mattered to
 * a few cells. `available(n)` is the room for n columns (borders excluded). One column always stays.
 */
export function columnsToDrop(
  natural: number[],
  roles: Role[],
  available: (count: number) => number,
  spare: number[],
): Set<number> {
  const least = (i: number) =>
    roles[i] === 'free'
      ? Math.min(natural[i], FREE_READABLE)
      : roles[i] === 'date'
        ? Math.min(natural[i], 10)
        : natural[i];
  const dropped = new Set<number>();
  const kept = () => natural.map((_, i) => i).filter((i) => !dropped.has(i));
  for (const i of spare) {
    const shown = kept();
    if (shown.length <= 1 || shown.reduce((sum, j) => sum + least(j), 0) <= available(shown.length)) break;
    dropped.add(i);
  }
  return dropped;
}

/**
 * Widths that fit `available` cells (borders excluded), given the natural width and role of each
 * column. Columns give way in steps, each only while the table is still too wide: free text down
 * to 12 cells; dates to the minute; free text down to 6; dates to the day; other columns down to
 * 6; identifiers last, widest first; then free text takes back what a later step left over.
 * What still does not fit is left to the terminal to wrap.
 */
export function fitColumns(natural: number[], roles: Role[], available: number): number[] {
  const widths = [...natural];
  const over = () => widths.reduce((a, b) => a + b, 0) - available;
  const shrink = (role: Role, minimum: number) => {
    for (;;) {
      const excess = over();
      if (excess <= 0) return;
      const candidates = widths.map((_, i) => i).filter((i) => roles[i] === role && widths[i] > minimum);
      if (candidates.length === 0) return;
      const widest = candidates.reduce((a, b) => (widths[b] > widths[a] ? b : a));
      const next = Math.max(minimum, ...candidates.filter((i) => i !== widest).map((i) => widths[i]));
      widths[widest] -= Math.min(excess, Math.max(1, widths[widest] - next));
    }
  };
  const dates = (width: number) => {
    for (let i = 0; i < widths.length && over() > 0; i++)
      if (roles[i] === 'date') widths[i] = Math.min(widths[i], width);
  };
  shrink('free', FREE_FIRST_MINIMUM);
  dates(16);
  shrink('free', MINIMUM);
  dates(10);
  shrink('other', MINIMUM);
  shrink('identifier', MINIMUM);
  // A later step may have freed more than the earlier ones needed: free text gets it back.
  for (let i = 0; i < widths.length && over() < 0; i++)
    if (roles[i] === 'free') widths[i] = Math.min(natural[i], widths[i] - over());
  return widths;
}

/**
 * A cell in `width` cells: a date is shortened by its finer parts (`2026-11-26 16:50`), a URL in
 * its middle (`https://exa…/page?id=7`), other text at its end.
 */
export function fitCell(text: string, width: number, role: Role, ellipsis = ELLIPSIS): string {
  if (cellWidth(text) <= width) return text;
  if (role === 'date' && DATE_VALUE.test(text) && width >= 10) return text.slice(0, width >= 16 ? 16 : 10);
  if (URL_VALUE.test(text) && width >= 9) return fitMiddle(text, width, ellipsis);
  return fitCells(text, width, ellipsis);
}

/** Keeps the start and the end, which say most about a URL: two fifths of the room to the end. */
export function fitMiddle(text: string, width: number, ellipsis = ELLIPSIS): string {
  if (cellWidth(text) <= width) return text;
  const room = width - cellWidth(ellipsis);
  const tailRoom = Math.floor((room * 2) / 5);
  const chars = [...text];
  let tail = '';
  let used = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const w = cellWidth(chars[i]);
    if (used + w > tailRoom) break;
    tail = chars[i] + tail;
    used += w;
  }
  return fitCells(text, room - used + cellWidth(ellipsis), ellipsis) + tail;
}
