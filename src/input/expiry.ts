// The one reading of an expiry: `urls add/update --expiry`, `legacy create --expiry` and the
// `expiry` column of import and sync files. People write a day, a day and a time, ISO 8601 with
// a zone, or a span from now; each endpoint is then sent its own form (the link body's
// `yyyy-mm-dd hh:mm:ss`, the legacy path's `yyyy-mm-dd`).
//
// The zone rule: the API's dates carry no zone and a server reads them in its own, which a client
// cannot learn. So a date and time is sent as the wall-clock time of this computer's zone: one
// written without an offset is sent as typed, one with `Z` or an offset is converted to local
// time, and a span counts from now. Someone whose server runs in another zone sets TZ to it.
import { UsageError } from '../errors.js';
import { isAmbiguous, isRealDate, readWrittenDay } from './day-forms.js';

/** The forms, for flag descriptions and errors. */
export const EXPIRY_FORMS =
  'yyyy-mm-dd (through the end of that day), "yyyy-mm-dd hh:mm[:ss]", ISO 8601 with Z or an offset ' +
  '(2027-01-31T10:00:00Z), a day as spreadsheets write it (2027/01/31, 2027-1-31, Jan 31 2027, ' +
  '31 Jan 2027, 31.01.2027, 31/01/2027; not 01/02/2027, which reads two ways), or a span from now: ' +
  '+90min, +12h, +30d, +2w';

/** The zone rule, for help pages. */
export const EXPIRY_ZONE_RULE =
  'An expiry without an offset is local time (the zone of this computer, TZ); one with Z or an offset is ' +
  "converted to local time, since the API takes dates without a zone and reads them in the server's own: " +
  'when the server runs in another zone, run shorty with TZ set to it (e.g. TZ=UTC). A bare date lasts ' +
  'through that day (23:59:59). An expiry in the past is refused before any request (exit 2).';

export interface Expiry {
  /** The moment the link stops working, in ms since the epoch. */
  at: number;
  /** The local date and time, as the link body takes it: `yyyy-mm-dd hh:mm:ss`. */
  dateTime: string;
  /** The local day, as the legacy path takes it: `yyyy-mm-dd`. */
  day: string;
  /** Only a day was written: the link lasts through it. */
  dayOnly: boolean;
}

export interface ExpiryOptions {
  /** How the user named the value: `--expiry`, or the column's header. */
  what: string;
  /**
   * The run's clock (ms). Given for flags: a span counts from it, and a past expiry is refused.
   * Absent for file rows: a row must name the same link on every run (a resumed import, a sync
   * run again tomorrow), so a span is refused there, and a past date is kept (an export of
   * expired links reads back unchanged).
   */
  now?: number;
}

const SPAN_MS: Record<string, number> = { min: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

const ABSOLUTE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface WallClock {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function format(w: WallClock): { dateTime: string; day: string } {
  const day = `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}`;
  return { day, dateTime: `${day} ${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}` };
}

/** The wall clock of an instant in this computer's zone. */
function localWallClock(at: number): WallClock {
  const t = new Date(at);
  return {
    y: t.getFullYear(),
    mo: t.getMonth() + 1,
    d: t.getDate(),
    h: t.getHours(),
    mi: t.getMinutes(),
    s: t.getSeconds(),
  };
}

/** The instant a local wall clock names (a time the clocks skip reads as the hour after, as Date does). */
function localInstant(w: WallClock): number {
  const t = new Date(2000, 0, 1, w.h, w.mi, w.s);
  t.setFullYear(w.y, w.mo - 1, w.d);
  return t.getTime();
}

/** `+02:00`, `-0530`, `+01`, `Z` -> minutes east of UTC; undefined when out of range. */
function offsetMinutes(text: string): number | undefined {
  if (text.toUpperCase() === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
  if (!m) return undefined;
  const [h, mi] = [Number(m[2]), Number(m[3] ?? 0)];
  if (h > 14 || mi > 59) return undefined;
  return (m[1] === '-' ? -1 : 1) * (h * 60 + mi);
}

function parseSpan(text: string, opts: ExpiryOptions, invalid: (why: string, hint?: string) => UsageError): number {
  const m = /^\+\s*(\d{1,6})\s*([a-z]+)$/i.exec(text);
  const unit = m?.[2].toLowerCase();
  if (!m || unit === undefined || SPAN_MS[unit] === undefined) {
    throw invalid(
      unit === 'm' || unit === 'mo' ? 'm is ambiguous (minutes or months?)' : 'not a span',
      'write a span as +90min, +12h, +30d or +2w',
    );
  }
  if (opts.now === undefined) {
    throw invalid(
      'a span from now is taken on the command line only',
      'a file row names the same link on every run: write a date, e.g. 2027-01-31',
    );
  }
  return opts.now + Number(m[1]) * SPAN_MS[unit];
}

/** The date, time and offset written: ISO 8601, or a day in one of the other forms (day-forms.ts). */
function absoluteParts(
  text: string,
  invalid: (why: string, hint?: string) => UsageError,
): { y: number; mo: number; d: number; time?: [number, number, number]; offset?: string } {
  const m = ABSOLUTE.exec(text);
  if (m) {
    const time: [number, number, number] | undefined =
      m[4] === undefined ? undefined : [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
    return { y: Number(m[1]), mo: Number(m[2]), d: Number(m[3]), time, offset: m[7] };
  }
  const day = readWrittenDay(text);
  if (day === undefined) throw invalid('not a date');
  if (isAmbiguous(day)) {
    const [a, b] = day.readings;
    throw invalid(`ambiguous: ${a} or ${b}?`, `write the day as yyyy-mm-dd (ISO 8601): ${a} or ${b}`);
  }
  return day;
}

/** Reads an expiry in any of EXPIRY_FORMS; a malformed, impossible or (with a clock) past one is exit 2. */
export function parseExpiry(value: string, opts: ExpiryOptions): Expiry {
  const text = value.trim();
  const invalid = (why: string, hint = `use ${EXPIRY_FORMS}`) =>
    new UsageError(`invalid ${opts.what} ${JSON.stringify(value)}: ${why}`, hint);
  let expiry: Expiry;
  if (text.startsWith('+')) {
    const at = parseSpan(text, opts, invalid);
    expiry = { at, ...format(localWallClock(at)), dayOnly: false };
  } else {
    const { y, mo, d, time, offset } = absoluteParts(text, invalid);
    const dayOnly = time === undefined;
    const [h, mi, s] = time ?? [23, 59, 59];
    if (!isRealDate(y, mo, d)) throw invalid('not a real date');
    if (h > 23 || mi > 59 || s > 59) throw invalid('not a real date and time');
    const written = { y, mo, d, h, mi, s };
    if (offset === undefined) {
      expiry = { at: localInstant(written), ...format(written), dayOnly };
    } else {
      const minutes = offsetMinutes(offset);
      if (minutes === undefined) throw invalid(`the offset ${offset} is not a time zone's (at most ±14:00)`);
      const utc = new Date(Date.UTC(2000, mo - 1, d, h, mi, s));
      utc.setUTCFullYear(y);
      const at = utc.getTime() - minutes * 60_000;
      expiry = { at, ...format(localWallClock(at)), dayOnly: false };
    }
  }
  if (opts.now !== undefined && expiry.at <= opts.now) {
    throw new UsageError(
      `invalid ${opts.what} ${JSON.stringify(value)}: ${expiry.dateTime} (local time) is in the past`,
      `it is now ${format(localWallClock(opts.now)).dateTime} here; give a later date, or a span such as +30d`,
    );
  }
  return expiry;
}

/** The link body's `expiry`: `yyyy-mm-dd hh:mm:ss`, local time. */
export function modernExpiry(value: string, opts: ExpiryOptions): string {
  return parseExpiry(value, opts).dateTime;
}

/**
 * The legacy `expiry_date`: a day, which the link lasts through. A time given with it cannot be
 * sent: the warning says so, and which day is sent.
 */
export function legacyExpiry(value: string, opts: ExpiryOptions): { day: string; warning?: string } {
  const expiry = parseExpiry(value, opts);
  if (expiry.dayOnly) return { day: expiry.day };
  return {
    day: expiry.day,
    warning: `the legacy interface takes a date without a time: ${opts.what} sends ${expiry.day}, and the link lasts through that day (not only until ${expiry.dateTime.slice(11)})`,
  };
}
