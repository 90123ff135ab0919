import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { modernExpiry, parseExpiry } from '../../src/input/expiry.js';

const row = { what: 'expiry' };
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const iso = (y: number, mo: number, d: number) => `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const FULL = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Real days from 1970 to 2199, as year, month and day. */
const realDay = fc
  .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true })
  .map((t) => ({ y: t.getUTCFullYear(), mo: t.getUTCMonth() + 1, d: t.getUTCDate() }));

/** Every unambiguous way of writing one day (digits with or without zeros, month names, dots). */
const writings = ({ y, mo, d }: { y: number; mo: number; d: number }) => [
  `${y}/${pad(mo)}/${pad(d)}`,
  `${y}/${mo}/${d}`,
  `${y}-${mo}-${d}`,
  `${y}.${pad(mo)}.${pad(d)}`,
  `${MONTHS[mo - 1]} ${d} ${y}`,
  `${MONTHS[mo - 1]} ${d}, ${y}`,
  `${FULL[mo - 1]} ${d}, ${y}`,
  `${d} ${MONTHS[mo - 1]} ${y}`,
  `${d} ${FULL[mo - 1].toLowerCase()} ${y}`,
  `${pad(d)}-${MONTHS[mo - 1]}-${y}`,
  `${pad(d)}.${pad(mo)}.${y}`,
  `${d}.${mo}.${y}`,
];

describe('the day forms spreadsheets and people write (property)', () => {
  test('every unambiguous writing of a real day is that day, through its end', () => {
    fc.assert(
      fc.property(realDay, fc.nat(11), (day, pick) => {
        const text = writings(day)[pick];
        expect(modernExpiry(text, row)).toBe(`${iso(day.y, day.mo, day.d)} 23:59:59`);
      }),
    );
  });

  test('a time after the day is kept, in every form', () => {
    fc.assert(
      fc.property(realDay, fc.nat(11), fc.nat(23), fc.nat(59), (day, pick, h, mi) => {
        const text = `${writings(day)[pick]} ${h}:${pad(mi)}`;
        expect(modernExpiry(text, row)).toBe(`${iso(day.y, day.mo, day.d)} ${pad(h)}:${pad(mi)}:00`);
      }),
    );
  });

  test('a/b/yyyy: one reading alone real is taken; two different ones are refused, naming both and ISO', () => {
    fc.assert(
      fc.property(realDay, fc.constantFrom('/', '-'), (day, sep) => {
        const dayFirst = `${pad(day.d)}${sep}${pad(day.mo)}${sep}${day.y}`;
        const monthFirst = `${pad(day.mo)}${sep}${pad(day.d)}${sep}${day.y}`;
        const expected = `${iso(day.y, day.mo, day.d)} 23:59:59`;
        if (day.d > 12 || day.d === day.mo) {
          expect(modernExpiry(dayFirst, row)).toBe(expected);
          expect(modernExpiry(monthFirst, row)).toBe(expected);
          return;
        }
        for (const text of [dayFirst, monthFirst]) {
          let error: unknown;
          try {
            parseExpiry(text, row);
          } catch (err) {
            error = err;
          }
          expect(error).toBeInstanceOf(UsageError);
          const { message, hint } = error as UsageError;
          const readings = [iso(day.y, day.mo, day.d), iso(day.y, day.d, day.mo)];
          for (const reading of readings) {
            expect(message).toContain(reading);
            expect(hint).toContain(reading);
          }
          expect(hint).toMatch(/yyyy-mm-dd \(ISO 8601\)/);
        }
      }),
    );
  });

  test('a day that is not real is refused in every form, never moved to the next month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2199 }), fc.integer({ min: 1, max: 12 }), (y, mo) => {
        const past = new Date(Date.UTC(y, mo, 0)).getUTCDate() + 1;
        for (const text of [`${y}/${mo}/${past}`, `${MONTHS[mo - 1]} ${past} ${y}`, `${past}.${pad(mo)}.${y}`]) {
          expect(() => parseExpiry(text, row)).toThrow(/not a real date/);
        }
      }),
    );
  });
});

describe('the issue examples', () => {
  test.each([
    ['2030/01/31', '2030-01-31 23:59:59'],
    ['2030-1-31', '2030-01-31 23:59:59'],
    ['Jan 31 2030', '2030-01-31 23:59:59'],
    ['31 Jan 2030', '2030-01-31 23:59:59'],
    ['31.01.2030', '2030-01-31 23:59:59'],
    ['31-Jan-2030', '2030-01-31 23:59:59'],
    ['Sept 3 2030', '2030-09-03 23:59:59'],
    ['31.01.2030 18:30', '2030-01-31 18:30:00'],
  ])('%j is %s', (text, sent) => {
    expect(modernExpiry(text, row)).toBe(sent);
  });

  test('01/02/2030 is refused: both readings and the ISO form named', () => {
    expect(() => parseExpiry('01/02/2030', { what: '--expiry' })).toThrow(
      'invalid --expiry "01/02/2030": ambiguous: 2030-01-02 or 2030-02-01?',
    );
  });

  test.each(['Foo 3 2030', '31 Janu 2030', '30/01/30', '2030/13/01 10:00', '31.01.2030 24:00'])(
    '%j is refused',
    (text) => {
      expect(() => parseExpiry(text, row)).toThrow(UsageError);
    },
  );

  test('a past day in a flag is still refused', () => {
    expect(() => parseExpiry('31 Jan 2020', { what: '--expiry', now: Date.UTC(2026, 0, 1) })).toThrow(/in the past/);
  });
});
