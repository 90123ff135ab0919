import { describe, expect, test } from 'vitest';
import { brandedDomain, EXPORT_COLUMNS, exportColumns, exportRow } from '../../src/bulk/export/rows.js';
import { describePlan } from '../../src/bulk/import/plan.js';
import { resultRow } from '../../src/bulk/engine/end/results.js';
import { parseColumnMap, planColumns } from '../../src/input/link-columns.js';
import { isAliasTaken } from '../../src/bulk/engine/send/send-row.js';
import { lastSlotAt, nextSlotAt, type RateState } from '../../src/api/rate-window.js';
import { emptyCounts, estimateMs, summaryLine, windowSize, writesEstimate } from '../../src/bulk/engine/pace/timing.js';
import { formatRateLimit } from '../../src/settings/rate-limit-spec.js';
import { formatDuration, formatEstimate } from '../../src/util/duration.js';

const perMinute = { limit: 30, windowMs: 60_000 };

describe('duration estimate', () => {
  test('412 rows at 30/min is about 14m', () => {
    expect(`${formatEstimate(estimateMs(412, perMinute))} at ${formatRateLimit(perMinute)}`).toBe(
      'about 14m at 30/min',
    );
  });

  test.each([
    [0, 'under a second'],
    [40_000, 'about 40s'],
    [89_000, 'about 89s'],
    [600_000, 'about 10m'],
    [7_500_000, 'about 2h 05m'],
  ])('%i ms -> %s', (ms, text) => {
    expect(formatEstimate(ms)).toBe(text);
  });

  test.each([
    [{ limit: 5, windowMs: 1000 }, '5/s'],
    [{ limit: 100, windowMs: 3_600_000 }, '100/h'],
    [{ limit: 100, windowMs: 3_600_000, unit: 'h' as const }, '100/1h'],
    [{ limit: 30, windowMs: 60_000, unit: 'min' as const }, '30/1min'],
    [{ limit: 10, windowMs: 90_000 }, '10/90s'],
    [{ limit: 10, windowMs: 90_000, unit: 'm' as const }, '10/1.5m'],
    [{ limit: 3, windowMs: 1500 }, '3/1500ms'],
  ])('%j is written %s', (spec, text) => {
    expect(formatRateLimit(spec)).toBe(text);
  });
});

describe('summary', () => {
  test('the contract example', () => {
    const counts = { ...emptyCounts(), ok: 398, invalid: 3, error: 1 };
    expect(summaryLine(counts, 820_000)).toBe('398 ok, 3 invalid, 1 error in 13m 40s');
  });

  test('skipped, plural errors, dry run', () => {
    expect(summaryLine({ ...emptyCounts(), ok: 2, skipped: 1, error: 2 }, 2400)).toBe(
      '2 ok, 1 skipped, 2 errors in 2.4s',
    );
    expect(summaryLine({ ...emptyCounts(), valid: 5 }, 65_000, { dryRun: true })).toBe('5 valid in 1m 05s');
  });

  test.each([
    [45_000, '45s'],
    [3_725_000, '1h 02m'],
  ])('elapsed %i -> %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  test('plan description', () => {
    expect(describePlan({ rows: 412, invalid: 0, done: 0, mayExist: 0, toSend: 412 })).toBe('412 rows');
    expect(describePlan({ rows: 1, invalid: 1, done: 0, mayExist: 0, toSend: 0 })).toBe('1 row (1 invalid)');
    expect(describePlan({ rows: 9, invalid: 2, done: 3, mayExist: 0, toSend: 4 })).toBe(
      '9 rows (2 invalid, 3 already done)',
    );
    expect(describePlan({ rows: 9, invalid: 0, done: 3, mayExist: 2, toSend: 4 })).toBe(
      '9 rows (3 already done, 2 not found but may exist)',
    );
  });
});

describe('window size', () => {
  test.each([
    [perMinute, 1],
    [{ limit: 5, windowMs: 1000 }, 1],
    [{ limit: 8, windowMs: 1000 }, 2],
    [{ limit: 100_000, windowMs: 1000 }, 4],
  ])('%j -> %i in flight', (spec, size) => {
    expect(windowSize(spec)).toBe(size);
  });
});

describe('rows', () => {
  test('result columns follow the input columns and replace same-named ones', () => {
    expect(
      Object.entries(
        resultRow({ url: 'u', id: '7', note: 'n' }, { row: 3, status: 'ok', id: 12, shorturl: 'https://sho.rt/s1' }),
      ),
    ).toEqual([
      ['url', 'u'],
      ['note', 'n'],
      ['row', 3],
      ['status', 'ok'],
      ['id', 12],
      ['alias', 's1'],
      ['shorturl', 'https://sho.rt/s1'],
      ['longurl', 'u'],
      ['error', null],
    ]);
  });

  test('result rows name the link as every command does: alias and longurl, whatever the input called them', () => {
    const plan = planColumns(['Ziel', 'Kurzname'], parseColumnMap(['Ziel=url', 'Kurzname=custom']));
    expect(
      resultRow({ Ziel: ' https://e.com/x ', Kurzname: 'sp1' }, { row: 1, status: 'error', error: 'taken' }, plan),
    ).toMatchObject({ Ziel: ' https://e.com/x ', alias: 'sp1', shorturl: null, id: null, longurl: 'https://e.com/x' });
    expect(
      resultRow({ link: 'https://e.com/y' }, { row: 2, status: 'ok', id: 3, shorturl: 'https://sho.rt/abc12' }),
    ).toMatchObject({ alias: 'abc12', longurl: 'https://e.com/y' });
  });

  test('export rows use the link vocabulary; domain is the branded one or empty', () => {
    const base = 'https://sho.rt';
    const columns = exportColumns([{ id: 1 }]);
    expect(columns).toEqual(EXPORT_COLUMNS);
    expect(
      exportRow(
        {
          id: 1,
          alias: 'abc',
          shorturl: 'https://sho.rt/abc',
          longurl: 'https://a',
          clicks: 2,
          title: 't',
          description: '',
          date: 'd',
        },
        columns,
        base,
      ),
    ).toEqual({
      id: 1,
      alias: 'abc',
      shorturl: 'https://sho.rt/abc',
      longurl: 'https://a',
      title: 't',
      description: '',
      clicks: 2,
      uniqueclicks: null,
      domain: '',
      expiry: null,
      date: 'd',
    });
    expect(
      exportRow({ alias: 'x1', shorturl: 'https://Go.Example.com/x1', uniqueclicks: '4', expiry: null }, columns, base),
    ).toMatchObject({ domain: 'https://Go.Example.com', uniqueclicks: '4', expiry: null });
  });

  test.each([
    [{ alias: 'a', shorturl: 'http://SHO.RT/a' }, 'https://sho.rt', ''],
    [{ alias: 'a', shorturl: 'https://sho.rt/app/a' }, 'https://sho.rt/app', ''],
    [{ alias: 'a', shorturl: 'https://go.example.com/a' }, 'https://sho.rt', 'https://go.example.com'],
    [{ alias: 'a', domain: 'https://sho.rt/' }, 'https://sho.rt', ''],
    [{ alias: 'a', domain: 'https://go.example.com' }, 'https://sho.rt', 'https://go.example.com'],
    [
      { alias: 'a', shorturl: 'https://go.example.com/a', domain: 'https://sho.rt' },
      'https://sho.rt',
      'https://go.example.com',
    ],
    [{ alias: 'a' }, 'https://sho.rt', ''],
  ])('brandedDomain(%j) against %s is %j', (item, base, domain) => {
    expect(brandedDomain(item, base)).toBe(domain);
  });

  test('settable fields a list answer carries are exported in import syntax', () => {
    const items = [
      { id: 1, alias: 'a', pixels: [1, 2], channel: [], geotarget: [{ location: 'Canada', link: 'https://a.ca/' }] },
    ];
    const columns = exportColumns(items);
    expect(columns.slice(EXPORT_COLUMNS.length)).toEqual(['geotarget', 'pixels', 'channel']);
    expect(exportRow(items[0], columns)).toMatchObject({
      geotarget: 'Canada=https://a.ca/',
      pixels: '1;2',
      channel: '',
    });
  });

  test('alias-taken messages', () => {
    expect(isAliasTaken('That alias is taken. Please choose another one.')).toBe(true);
    expect(isAliasTaken('Please enter a valid URL.')).toBe(false);
  });
});

describe('the estimate for the budget left', () => {
  const now = 1_000_000;
  const slots = (n: number, ago: number) =>
    Array.from({ length: n }, (_, i) => ({ sentAt: now - ago, doneAt: now - ago, pid: 1, seq: i }));

  test('writes the window still has room for go out at once: 4 writes after 1 read at 30/min are not 8 s', () => {
    expect(writesEstimate({ slots: slots(1, 500) }, now, perMinute, 4)).toBe('under a second at 30/min');
  });

  test('beyond the room, each write waits its share of the window', () => {
    // 10 of 30 used: 20 go at once, the other 80 take 2 s each.
    expect(writesEstimate({ slots: slots(10, 500) }, now, perMinute, 100)).toBe('about 3m at 30/min');
  });

  test('the cap the server announced replaces the default one', () => {
    expect(writesEstimate({ slots: [], serverLimit: 60 }, now, perMinute, 660)).toBe('about 10m at 60/min');
  });

  test('a write past the room waits until the oldest request leaves the window, not a share of it', () => {
    // 10 a minute, 8 sent over the last 5 s: 2 go at once, the 3rd when the first of the 8 ages out.
    const tenPerMinute = { limit: 10, windowMs: 60_000 };
    const recent = Array.from({ length: 8 }, (_, i) => ({
      sentAt: now - 5000 + i * 500,
      doneAt: now - 5000 + i * 500,
      pid: 1,
      seq: i,
    }));
    expect(writesEstimate({ slots: recent }, now, tenPerMinute, 2)).toBe('under a second at 10/min');
    expect(writesEstimate({ slots: recent }, now, tenPerMinute, 3)).toBe('about 55s at 10/min');
  });

  test('an empty window: up to the cap at once, twice the cap one window, a window full of old requests is empty', () => {
    expect(lastSlotAt({ slots: [] }, now, perMinute, 30)).toBe(now);
    expect(lastSlotAt({ slots: [] }, now, perMinute, 60) - now).toBeGreaterThanOrEqual(60_000);
    expect(lastSlotAt({ slots: [] }, now, perMinute, 60) - now).toBeLessThan(60_100);
    expect(lastSlotAt({ slots: slots(30, 61_000) }, now, perMinute, 30)).toBe(now);
  });

  test('a large run costs one window per cap of requests after the first: 100,000 rows at 30/min', () => {
    const at = lastSlotAt({ slots: [] }, now, perMinute, 100_000);
    // Each window is held a few ms longer than its length (the limiter's safety margin: 25 ms + 1).
    expect(at - now).toBe((Math.ceil(100_000 / 30) - 1) * 60_026);
    expect(writesEstimate({ slots: [] }, now, perMinute, 100_000)).toBe('about 55h 34m at 30/min');
  });

  test("the estimate is the limiter's own rule: each request sent at nextSlotAt, in turn", () => {
    const configured = { limit: 5, windowMs: 2000, setBy: 'flag' as const };
    const state: RateState = {
      slots: [3, 200, 900].map((ago, i) => ({ sentAt: now - ago, doneAt: now - ago, pid: 1, seq: i })),
      serverLimit: 4,
    };
    for (const count of [1, 2, 4, 9, 23]) {
      const log: RateState = { ...state, slots: [...state.slots] };
      let t = now;
      for (let k = 0; k < count; k += 1) {
        t = nextSlotAt(log, t, configured);
        log.slots.push({ sentAt: t, doneAt: t, pid: 2, seq: k });
      }
      expect(lastSlotAt(state, now, configured, count)).toBe(t);
    }
  });
});
