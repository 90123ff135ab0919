// The ways people and spreadsheets write a day besides ISO's yyyy-mm-dd: `2030/01/31`, `2030-1-31`,
// `Jan 31 2030`, `31 Jan 2030`, `31-Jan-2030` (Excel's d-mmm-yyyy), `31.01.2030` (day first, as
// every locale that writes dots does). A day and a month in digits both first (`01/02/2030`) are
// read either way around the world: taken only when one reading alone is a real date (`31/01/2030`),
// else refused with both readings named, never guessed.

/** A calendar day as written, maybe with a time after it. */
export interface WrittenDay {
  y: number;
  mo: number;
  d: number;
  /** ` hh:mm[:ss]` after the day, as the ISO form allows. */
  time?: [h: number, mi: number, s: number];
}

/** The day names two days: `01/02/2030` is 2030-01-02 in the US and 2030-02-01 in Europe. */
export interface AmbiguousDay {
  readings: [string, string];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const TIME = String.raw`(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?`;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME}$`);
const DOTTED = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`);
const DIGITS_FIRST = new RegExp(String.raw`^(\d{1,2})([-/])(\d{1,2})\2(\d{4})${TIME}$`);
const MONTH_FIRST = new RegExp(String.raw`^([a-z]{3,9})\.?[ -](\d{1,2})(?:st|nd|rd|th)?,?[ -](\d{4})${TIME}$`, 'i');
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})(?:st|nd|rd|th)?[ -]([a-z]{3,9})\.?,?[ -](\d{4})${TIME}$`, 'i');

/** 1-12 for an English month's name or its first three (or four: `Sept`) letters. */
function monthNumber(name: string): number | undefined {
  const lower = name.toLowerCase();
  const full = FULL_MONTHS.indexOf(lower);
  if (full >= 0) return full + 1;
  if (lower === 'sept') return 9;
  const short = MONTHS.indexOf(lower);
  return short >= 0 ? short + 1 : undefined;
}

export function isRealDate(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1) return false;
  const t = new Date(Date.UTC(2000, mo - 1, d));
  t.setUTCFullYear(y);
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (y: number, mo: number, d: number) => `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;

function timeOf(m: RegExpExecArray, from: number): WrittenDay['time'] {
  if (m[from] === undefined) return undefined;
  return [Number(m[from]), Number(m[from + 1]), Number(m[from + 2] ?? 0)];
}

function day(y: number, mo: number, d: number, time: WrittenDay['time']): WrittenDay {
  return time ? { y, mo, d, time } : { y, mo, d };
}

/**
 * The day `text` names in one of the forms above (not ISO's zero-padded yyyy-mm-dd, which the
 * caller reads with its offsets); an `AmbiguousDay` when it names two; undefined when it is none
 * of them. The day is not checked to be real, except to tell the two readings of `01/02/2030` apart.
 */
export function readWrittenDay(text: string): WrittenDay | AmbiguousDay | undefined {
  let m = YEAR_FIRST.exec(text);
  if (m) return day(Number(m[1]), Number(m[3]), Number(m[4]), timeOf(m, 5));
  m = DOTTED.exec(text);
  if (m) return day(Number(m[3]), Number(m[2]), Number(m[1]), timeOf(m, 4));
  m = MONTH_FIRST.exec(text);
  if (m) {
    const mo = monthNumber(m[1]);
    return mo === undefined ? undefined : day(Number(m[3]), mo, Number(m[2]), timeOf(m, 4));
  }
  m = DAY_FIRST.exec(text);
  if (m) {
    const mo = monthNumber(m[2]);
    return mo === undefined ? undefined : day(Number(m[3]), mo, Number(m[1]), timeOf(m, 4));
  }
  m = DIGITS_FIRST.exec(text);
  if (m) return eitherWay(Number(m[1]), Number(m[3]), Number(m[4]), timeOf(m, 5));
  return undefined;
}

/** `a/b/yyyy`: month first (US) or day first (most of the world); one that only one reading fits is that one. */
function eitherWay(a: number, b: number, y: number, time: WrittenDay['time']): WrittenDay | AmbiguousDay {
  const monthFirst = isRealDate(y, a, b);
  const dayFirst = isRealDate(y, b, a);
  if (monthFirst && dayFirst && a !== b) return { readings: [isoDay(y, a, b), isoDay(y, b, a)] };
  if (dayFirst) return day(y, b, a, time);
  return day(y, a, b, time);
}

export function isAmbiguous(day: WrittenDay | AmbiguousDay): day is AmbiguousDay {
  return 'readings' in day;
}
