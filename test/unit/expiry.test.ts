import { describe, expect, test } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { legacyExpiry, modernExpiry, parseExpiry } from '../../src/input/expiry.js';

/** The run's clock in these tests: 2026-11-26 12:00:00 local time. */
const NOW = new Date(2026, 10, 26, 12, 0, 0).getTime();
const flag = { what: '--expiry', now: NOW };
const row = { what: 'expiry' };

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the local wall clock the API is sent. */
function local(ms: number): string {
  const t = new Date(ms);
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
}

describe('parseExpiry: the forms people write', () => {
  test.each([
    ['2027-01-31', '2027-01-31 23:59:59'],
    ['2027-01-31 10:00', '2027-01-31 10:00:00'],
    ['2027-01-31 10:00:30', '2027-01-31 10:00:30'],
    ['2027-01-31T10:00:30', '2027-01-31 10:00:30'],
    ['2027-01-31T10:00:30.250', '2027-01-31 10:00:30'],
    ['  2028-02-29 00:00:00 ', '2028-02-29 00:00:00'],
  ])('%j without an offset is local time, sent as written: %s', (text, sent) => {
    expect(modernExpiry(text, flag)).toBe(sent);
  });

  test.each([
    ['2027-01-31T10:00:00Z', Date.UTC(2027, 0, 31, 10)],
    ['2027-01-31T10:00:00z', Date.UTC(2027, 0, 31, 10)],
    ['2027-01-31T10:00:00+02:00', Date.UTC(2027, 0, 31, 8)],
    ['2027-01-31T10:00:00-0530', Date.UTC(2027, 0, 31, 15, 30)],
    ['2027-01-31 10:00+01', Date.UTC(2027, 0, 31, 9)],
  ])('%j with an offset is that moment, converted to local time', (text, at) => {
    const expiry = parseExpiry(text, flag);
    expect(expiry.at).toBe(at);
    expect(expiry.dateTime).toBe(local(at));
  });

  test.each([
    ['+90min', 90 * 60_000],
    ['+12h', 12 * 3_600_000],
    ['+30d', 30 * 86_400_000],
    ['+2w', 14 * 86_400_000],
    ['+ 1 D', 86_400_000],
  ])('%j counts from the run clock', (text, span) => {
    expect(parseExpiry(text, flag)).toMatchObject({ at: NOW + span, dateTime: local(NOW + span), dayOnly: false });
  });

  test('a bare date lasts through that day', () => {
    const expiry = parseExpiry('2027-01-31', flag);
    expect(expiry).toMatchObject({ dayOnly: true, day: '2027-01-31' });
    expect(expiry.at).toBe(new Date(2027, 0, 31, 23, 59, 59).getTime());
  });
});

describe('parseExpiry: refusals are usage errors (exit 2) naming the value', () => {
  test.each([
    ['01/02/2027', /--expiry "01\/02\/2027": ambiguous: 2027-01-02 or 2027-02-01\?/],
    ['31/01/27', /not a date/],
    ['tomorrow', /not a date/],
    ['2026-02-30 10:00:00', /not a real date/],
    ['2027-04-31', /not a real date/],
    ['2027-01-01 24:00:00', /not a real date and time/],
    ['2027-01-01 10:60', /not a real date and time/],
    ['2027-01-31T10:00:00+15:00', /offset \+15:00/],
    ['2027-01-31Z', /not a date/],
    ['+3m', /ambiguous/],
    ['+3y', /not a span/],
    ['+d', /not a span/],
  ])('%j', (text, message) => {
    const run = () => parseExpiry(text, flag);
    expect(run).toThrow(UsageError);
    expect(run).toThrow(message);
  });

  test.each([['2026-11-26 11:59:59'], ['2026-11-25'], ['2020-01-01T00:00:00Z'], ['+0d']])(
    '%j is in the past: refused, the run clock named',
    (text) => {
      expect(() => parseExpiry(text, flag)).toThrow(/is in the past/);
    },
  );

  test('today as a bare date is not past: it lasts until the end of the day', () => {
    expect(modernExpiry('2026-11-26', flag)).toBe('2026-11-26 23:59:59');
  });
});

describe('file rows: no clock', () => {
  test('a past date is kept as written (an export of expired links reads back unchanged)', () => {
    expect(modernExpiry('2020-01-01 00:00:00', row)).toBe('2020-01-01 00:00:00');
  });

  test('a span is refused: a row names the same link on every run', () => {
    expect(() => modernExpiry('+30d', row)).toThrow(
      /expiry "\+30d": a span from now is taken on the command line only/,
    );
  });
});

describe('legacyExpiry: the legacy path takes a day', () => {
  test('a bare date is sent as it is, without a warning', () => {
    expect(legacyExpiry('2027-01-31', flag)).toEqual({ day: '2027-01-31' });
  });

  test('a date and time sends its local day, with a warning that the time is dropped', () => {
    const { day, warning } = legacyExpiry('2027-01-31 10:00:00', flag);
    expect(day).toBe('2027-01-31');
    expect(warning).toMatch(
      /--expiry sends 2027-01-31, and the link lasts through that day \(not only until 10:00:00\)/,
    );
  });

  test('a span sends the day it ends on', () => {
    expect(legacyExpiry('+30d', flag).day).toBe(local(NOW + 30 * 86_400_000).slice(0, 10));
  });

  test('a past day is refused', () => {
    expect(() => legacyExpiry('2026-11-25', flag)).toThrow(/in the past/);
  });
});
