import { describe, expect, test } from 'vitest';
import {
  ApiError,
  AuthError,
  NetworkError,
  RateLimitError,
  UnusableResponseError,
  type NetworkErrorKind,
} from '../../src/errors.js';
import { parseDuration } from '../../src/input/duration.js';
import { formatDuration } from '../../src/util/duration.js';
import { OutageRider, OutageTooLong, outageFailure } from '../../src/bulk/engine/pace/outage.js';
import { Faults } from '../../src/sandbox/faults.js';

describe('outageFailure: decided by kind and status, never by text', () => {
  test.each<[NetworkErrorKind, { maybeDone: boolean } | undefined]>([
    ['refused', { maybeDone: false }],
    ['dns', { maybeDone: false }],
    ['unreachable', { maybeDone: false }],
    ['reset', { maybeDone: true }],
    ['timeout', { maybeDone: true }],
    ['tls', undefined],
    ['proxy', undefined],
    ['protocol', undefined],
    ['other', undefined],
  ])('network %s', (kind, expected) => {
    // The same text for every kind: only the kind decides.
    expect(outageFailure(new NetworkError(kind, 'connection refused'))).toEqual(expected);
  });

  test.each<[string, unknown, { maybeDone: boolean } | undefined]>([
    ['an HTML 500 page', new UnusableResponseError('x', { status: 500 }), { maybeDone: true }],
    ['a JSON 503', new ApiError('x', { status: 503 }), { maybeDone: true }],
    ['an empty 200 body', new UnusableResponseError('x', { status: 200 }), { maybeDone: true }],
    ['an HTML 404 (wrong base URL)', new UnusableResponseError('x', { status: 404 }), undefined],
    ['a redirect', new UnusableResponseError('x', { status: 302 }), undefined],
    ['an answer too large (no status)', new UnusableResponseError('x'), undefined],
    ['an API error of the row', new ApiError('That alias is taken.', { status: 200 }), undefined],
    ['a rejected key', new AuthError('x'), undefined],
    ['a rate limit past the retries', new RateLimitError('x'), { maybeDone: false }],
    ['anything else', new Error('ECONNREFUSED'), undefined],
  ])('%s', (_name, err, expected) => {
    expect(outageFailure(err)).toEqual(expected);
  });
});

describe('OutageRider', () => {
  /** A rider of a run whose service answered before (`answered`), as an outage needs. */
  function rider(maxMs: number, random = () => 1, answered = true) {
    let now = 0;
    const waits: number[] = [];
    const lines: string[] = [];
    const r = new OutageRider(
      {
        now: () => now,
        sleep: async (ms) => {
          waits.push(ms);
          now += ms;
        },
        warn: (text) => lines.push(text),
        random,
      },
      { maxMs, firstMs: 1000, capMs: 8000, reach: { answered } },
    );
    return { r, waits, lines, advance: (ms: number) => (now += ms) };
  }
  const down = new NetworkError('refused', 'connection refused: POST http://h/api/url/add');

  test('waits double up to the cap, with jitter taking up to half off, one line each', async () => {
    const { r, waits, lines } = rider(3_600_000);
    for (let i = 0; i < 6; i++) await r.wait(down);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(lines[1]).toBe(
      'connection refused: POST http://h/api/url/add; trying again in 2s (failing for 1s, --max-outage 1h)',
    );
    const low = rider(3_600_000, () => 0);
    await low.r.wait(down);
    expect(low.waits).toEqual([500]);
  });

  test('a success ends the outage: the next failure starts again from the first wait', async () => {
    const { r, waits } = rider(3_600_000);
    await r.wait(down);
    await r.wait(down);
    r.ok();
    await r.wait(down);
    expect(waits).toEqual([1000, 2000, 1000]);
  });

  test("past --max-outage it stops with the last failure's exit code; the last wait ends at the limit", async () => {
    const { r, waits } = rider(5000);
    await r.wait(down);
    await r.wait(down);
    await r.wait(down);
    expect(waits).toEqual([1000, 2000, 2000]);
    const stop = await r.wait(down).catch((err) => err);
    expect(stop).toBeInstanceOf(OutageTooLong);
    expect(stop.exitCode).toBe(5);
    expect(stop.message).toBe(
      'the service kept failing for 5s (--max-outage); last: connection refused: POST http://h/api/url/add',
    );
  });

  test.each<[NetworkErrorKind, string]>([
    ['dns', 'host not found: POST https://no-such-host.invalid/api/url/add'],
    ['refused', 'connection refused: POST http://127.0.0.1:9/api/url/add'],
  ])('a service never reached (%s) is no outage: the failure ends the run at once', async (kind, message) => {
    const { r, waits, lines } = rider(3_600_000, () => 1, false);
    const failure = new NetworkError(kind, message);
    expect(await r.wait(failure).catch((err) => err)).toBe(failure);
    expect([waits, lines]).toEqual([[], []]);
  });

  test('once the service answered, the same failures are an outage, waited out', async () => {
    const { r, waits } = rider(3_600_000, () => 1, false);
    await r.wait(new NetworkError('reset', 'socket hang up')); // a reset: the host was there
    r.ok();
    await r.wait(new NetworkError('dns', 'host not found'));
    await r.wait(down);
    expect(waits).toEqual([1000, 1000, 2000]);
  });

  test('--max-outage 0 stops at the first failure, with its own message', async () => {
    const { r, waits } = rider(0);
    const stop = await r.wait(new UnusableResponseError('HTTP 500 page', { status: 500 })).catch((err) => err);
    expect([stop.message, stop.exitCode, waits]).toEqual(['HTTP 500 page', 1, []]);
  });
});

describe('durations', () => {
  test.each([
    ['90s', 90_000],
    ['30m', 1_800_000],
    ['2h', 7_200_000],
    ['500ms', 500],
    ['45', 45_000],
    ['1.5h', 5_400_000],
    ['0', 0],
  ])('%s', (text, ms) => {
    expect(parseDuration(text, '--max-outage')).toBe(ms);
  });
  test.each(['', 'soon', '-1s', '1d', '200h'])('%s is refused', (text) => {
    expect(() => parseDuration(text, '--max-outage')).toThrow(/invalid --max-outage/);
  });
  test('formatted as people write them', () => {
    expect([400, 2500, 90_000, 3_600_000, 5_430_000].map((ms) => formatDuration(ms))).toEqual([
      '400ms',
      '2.5s',
      '1m 30s',
      '1h',
      '1h 30m',
    ]);
  });
});

describe('sandbox faults', () => {
  const drawn = (faults: Faults, n: number) => Array.from({ length: n }, () => faults.take()?.mode ?? '-');

  test('several modes with a count take turns, then the fault is off', () => {
    const faults = new Faults();
    expect(faults.configure({ modes: ['drop', 'lost', 'late'], count: 4 })).toBeNull();
    expect(drawn(faults, 6)).toEqual(['drop', 'lost', 'late', 'drop', '-', '-']);
  });

  test('a rate picks a seeded fraction: the same seed, the same faults', () => {
    const a = new Faults();
    const b = new Faults();
    a.configure({ modes: ['reset', 'html500'], rate: 0.1, seed: 42 });
    b.configure({ modes: ['reset', 'html500'], rate: 0.1, seed: 42 });
    const first = drawn(a, 1000);
    expect(drawn(b, 1000)).toEqual(first);
    const hit = first.filter((m) => m !== '-').length;
    expect(hit).toBeGreaterThan(60);
    expect(hit).toBeLessThan(140);
    expect(new Set(first)).toEqual(new Set(['-', 'reset', 'html500']));
  });

  test.each([
    [{ modes: [] }, /non-empty array/],
    [{ mode: 'nope' }, /mode must be one of/],
    [{ mode: 'lost', rate: 0 }, /rate must be/],
    [{ mode: 'lost', rate: 2 }, /rate must be/],
    [{ mode: 'lost', seed: 1.5 }, /seed must be an integer/],
  ])('%j is refused', (input, message) => {
    expect(new Faults().configure(input)).toMatch(message);
  });
});
