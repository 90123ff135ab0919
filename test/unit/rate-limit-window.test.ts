import { describe, expect, it } from 'vitest';
import { formatRateLimit, formatRateLimitInWords, parseRateLimit } from '../../src/settings/rate-limit-spec.js';
import {
  budget,
  capsInForce,
  emptyState,
  learnFromHeaders,
  nextSlotAt,
  parseReset,
  prune,
  safetyMarginMs,
  sanitizeState,
  settleOrphans,
  type RateState,
} from '../../src/api/rate-window.js';

const T0 = 1_700_000_000_000;
const CFG = { limit: 30, windowMs: 60_000 };
const spec = (limit: number, windowMs: number) => ({ limit, windowMs });
const done = (...times: number[]): RateState => ({
  slots: times.map((t, i) => ({ sentAt: t - 1, doneAt: t, pid: 1, seq: i + 1 })),
});

describe('parseRateLimit', () => {
  it.each([
    ['30/60s', 30, 60_000, 's'],
    ['30/60', 30, 60_000, 's'],
    ['5/1500ms', 5, 1500, 'ms'],
    ['100/1m', 100, 60_000, 'm'],
    ['100/1min', 100, 60_000, 'min'],
    ['1000/1h', 1000, 3_600_000, 'h'],
    [' 10 / 2s ', 10, 2000, 's'],
    ['5/0.5s', 5, 500, 's'],
    ['7/2S', 7, 2000, 's'],
  ])('%s -> %i per %i ms, written in %s', (text, limit, windowMs, unit) => {
    expect(parseRateLimit(text)).toEqual({ limit, windowMs, unit });
  });

  it.each(['', '30', '0/60s', '30/0s', '-1/5s', 'abc', '30/60h', '30/60s/2', '1.5/60s', '5/2d'])(
    'rejects %j',
    (text) => {
      expect(() => parseRateLimit(text)).toThrow(`invalid rate limit "${text}": use N/Ws, e.g. 30/60s`);
    },
  );

  it('formats back in the unit it was written in', () => {
    for (const text of ['30/60s', '5/1500ms', '100/1m', '100/1min', '1000/1h', '5/0.5s'])
      expect(formatRateLimit(parseRateLimit(text))).toBe(text);
    expect(formatRateLimit(parseRateLimit(' 30 / 60 '))).toBe('30/60s');
  });

  it('says a cap in words for a person: seconds up to two minutes, to a tenth below 10', () => {
    const said = (text: string) => formatRateLimitInWords(parseRateLimit(text));
    expect(['5/10s', '30/60s', '30/1m', '5/1500ms', '5/9.84s', '10/119s', '1000/1h', '5/500ms'].map(said)).toEqual([
      '5 per 10s',
      '30 per 60s',
      '30 per 60s',
      '5 per 1.5s',
      '5 per 9.8s',
      '10 per 119s',
      '1000 per 1h',
      '5 per 500ms',
    ]);
  });
});

describe('parseReset', () => {
  it('reads epoch seconds, epoch milliseconds and seconds from now', () => {
    expect(parseReset('1700000060', T0)).toEqual({ at: 1_700_000_060_000, slackMs: 1000 });
    expect(parseReset('1700000060500', T0)).toEqual({ at: 1_700_000_060_500, slackMs: 0 });
    expect(parseReset('23', T0)).toEqual({ at: T0 + 23_000, slackMs: 1000 });
    expect(parseReset('1.5', T0)).toEqual({ at: T0 + 1500, slackMs: 0 });
    expect(parseReset('0', T0)).toEqual({ at: T0, slackMs: 1000 });
  });

  it('accepts an HTTP date and ignores garbage', () => {
    expect(parseReset('Tue, 14 Nov 2023 22:14:20 GMT', T0)?.at).toBe(Date.parse('Tue, 14 Nov 2023 22:14:20 GMT'));
    expect(parseReset('soon', T0)).toBeUndefined();
    expect(parseReset('', T0)).toBeUndefined();
    expect(parseReset(undefined, T0)).toBeUndefined();
    expect(parseReset('-5', T0)).toBeUndefined();
  });
});

describe('sliding window', () => {
  const cfg = spec(3, 1000);
  const margin = safetyMarginMs(1000);

  it('allows a request at once while the window has room', () => {
    expect(nextSlotAt(emptyState(), T0, cfg)).toBe(T0);
    expect(nextSlotAt(done(T0 - 500, T0 - 100), T0, cfg)).toBe(T0);
  });

  it('waits until the oldest of the last N answers leaves the window, plus the margin', () => {
    const state = done(T0 - 900, T0 - 500, T0 - 100);
    expect(nextSlotAt(state, T0, cfg)).toBe(T0 - 900 + 1000 + margin + 1);
    // and at that moment the slot is really free
    const at = nextSlotAt(state, T0, cfg);
    expect(nextSlotAt(state, at, cfg)).toBe(at);
  });

  it('counts a request still in flight as happening now', () => {
    const state: RateState = {
      slots: [
        { sentAt: T0 - 5000, pid: 1, seq: 1 },
        { sentAt: T0 - 10, doneAt: T0 - 5, pid: 1, seq: 2 },
        { sentAt: T0 - 3, doneAt: T0 - 1, pid: 1, seq: 3 },
      ],
    };
    // without the pending one the window would have room; with it, it is full
    expect(nextSlotAt({ slots: state.slots.slice(1) }, T0, cfg)).toBe(T0);
    expect(nextSlotAt(state, T0, cfg)).toBe(T0 - 5 + 1000 + margin + 1);
    // as the only request allowed, it holds the window a full length from now
    expect(nextSlotAt({ slots: state.slots.slice(0, 1) }, T0, spec(1, 1000))).toBe(T0 + 1000 + margin + 1);
  });

  it('honours a block after a refusal', () => {
    expect(nextSlotAt({ slots: [], retryUntil: T0 + 2500 }, T0, cfg)).toBe(T0 + 2500);
  });

  it('keeps the margin small against the window', () => {
    expect(safetyMarginMs(2000) / 2000).toBeLessThanOrEqual(0.005);
    expect(safetyMarginMs(60_000)).toBe(25);
    expect(safetyMarginMs(100)).toBe(5);
  });
});

describe('adapting to the server', () => {
  const cfg = spec(30, 60_000);

  it('lets X-RateLimit-Limit replace the configured cap, and learns a shorter window from the reset', () => {
    const state = emptyState();
    learnFromHeaders(
      state,
      { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset': String(T0 + 2000) },
      T0,
      CFG,
    );
    expect(capsInForce(state, cfg)).toEqual([{ limit: 5, windowMs: 2000, source: 'server' }]);
    // a longer announced window never stretches the configured one
    learnFromHeaders(state, { 'x-ratelimit-limit': '5', 'x-ratelimit-reset': '120' }, T0, CFG);
    expect(capsInForce(state, cfg)).toEqual([{ limit: 5, windowMs: 60_000, source: 'server' }]);
  });

  it('lets a default cap be raised by the server, an explicit one never', () => {
    const state: RateState = { slots: [], serverLimit: 30, serverWindowMs: 60_000 };
    expect(capsInForce(state, spec(2, 1000))).toEqual([{ limit: 30, windowMs: 1000, source: 'server' }]);
    expect(capsInForce(state, { ...spec(2, 1000), setBy: '--rate-limit' })).toEqual([
      { limit: 2, windowMs: 1000, source: 'configured' },
    ]);
  });

  it('takes a learnt window only when it is shorter than ours by more than a reset in whole seconds can blur', () => {
    // A reset announced in whole seconds, read 6 ms into the server's window of 60 s.
    expect(capsInForce({ slots: [], serverLimit: 10_000, serverWindowMs: 59_994 }, CFG)).toEqual([
      { limit: 10_000, windowMs: 60_000, source: 'server' },
    ]);
    expect(capsInForce({ slots: [], serverLimit: 5, serverWindowMs: 2000 }, CFG)).toEqual([
      { limit: 5, windowMs: 2000, source: 'server' },
    ]);
  });

  it('takes a learnt window in whole seconds, as the resets announced it: 5/10s, not 5/9819ms', () => {
    const shown = (limit: number, serverWindowMs: number) =>
      capsInForce({ slots: [], serverLimit: limit, serverWindowMs }, CFG).map(formatRateLimit);
    expect(shown(5, 9819)).toEqual(['5/10s']);
    expect(shown(5, 30_981)).toEqual(['5/31s']);
    expect(shown(30, 57_658)).toEqual(['30/58s']);
    expect(shown(30, 59_994)).toEqual(['30/min']);
  });

  it('lets the server lower an explicit cap', () => {
    const lower: RateState = { slots: [], serverLimit: 10, serverWindowMs: 60_000 };
    expect(capsInForce(lower, { ...CFG, setBy: 'SHORTY_RATE_LIMIT' })).toEqual([
      { limit: 10, windowMs: 60_000, source: 'server' },
    ]);
  });

  it('keeps an explicit cap beside a server cap of a shorter window: both hold', () => {
    // 5 a second is 300 a minute: the explicit 30 a minute still holds over the minute
    const state: RateState = {
      ...done(...Array.from({ length: 30 }, (_, i) => T0 - 50_000 + i * 1000)),
      serverLimit: 5,
      serverWindowMs: 1000,
    };
    const explicit = { ...CFG, setBy: '--rate-limit' };
    expect(capsInForce(state, explicit).map((c) => c.source)).toEqual(['server', 'configured']);
    expect(nextSlotAt(state, T0, explicit)).toBe(T0 - 50_000 + 60_000 + safetyMarginMs(60_000) + 1);
    expect(nextSlotAt(state, T0, CFG)).toBe(T0);
    expect(budget(state, T0, explicit)).toMatchObject({
      used: 30,
      remaining: 0,
      limit: { limit: 30, source: 'configured' },
      server: { limit: 5 },
    });
  });

  it('waits for the reset when the server says the budget is spent (remaining 0 or negative)', () => {
    for (const remaining of ['0', '-3']) {
      const state = emptyState();
      learnFromHeaders(
        state,
        {
          'x-ratelimit-limit': '30',
          'x-ratelimit-remaining': remaining,
          'x-ratelimit-reset': String((T0 + 40_000) / 1000),
        },
        T0,
        CFG,
      );
      expect(nextSlotAt(state, T0, cfg)).toBe(T0 + 40_000);
    }
  });

  it('prefers its own log when it already holds back to within the reset rounding', () => {
    // 3 of 3 used, the oldest answered 900 ms ago: our own log says wait ~110 ms; the server
    // rounds its reset up to the next whole second, ~600 ms later than that.
    const state = done(T0 - 900, T0 - 20, T0 - 10);
    learnFromHeaders(
      state,
      { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(T0 / 1000 + 1) },
      T0,
      spec(3, 1000),
    );
    const own = T0 - 900 + 1000 + safetyMarginMs(1000) + 1;
    expect(nextSlotAt(state, T0, spec(3, 1000))).toBe(own);
    // and once that moment comes, the rounded reset does not hold us back after all
    expect(nextSlotAt(state, own, spec(3, 1000))).toBe(own);
  });

  it('trusts the reset when its own log sees room (another client on the same key)', () => {
    const state = done(T0 - 10);
    learnFromHeaders(
      state,
      { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(T0 / 1000 + 1) },
      T0,
      spec(3, 1000),
    );
    expect(nextSlotAt(state, T0, spec(3, 1000))).toBe(T0 + 1000);
  });

  it('ignores absurd or missing headers', () => {
    const state = emptyState();
    learnFromHeaders(
      state,
      { 'x-ratelimit-limit': 'many', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(T0 / 1000 + 864_000) },
      T0,
      CFG,
    );
    learnFromHeaders(state, {}, T0, CFG);
    expect(state).toEqual(emptyState());
  });
});

describe('bounds on what a server announces', () => {
  const reset = String(T0 / 1000 + 10);
  it.each(['1e308', '10001', '2.5', '0', '-3', 'Infinity', '0x10'])('ignores X-RateLimit-Limit %s', (limit) => {
    const state = emptyState();
    learnFromHeaders(state, { 'x-ratelimit-limit': limit, 'x-ratelimit-reset': reset }, T0, CFG);
    expect(state).toEqual(emptyState());
  });

  it('believes a whole cap from 1 to 10,000 and a reset within a day', () => {
    for (const limit of ['1', '10000']) {
      const state = emptyState();
      learnFromHeaders(state, { 'x-ratelimit-limit': limit, 'x-ratelimit-reset': reset }, T0, CFG);
      expect(state).toEqual({ slots: [], serverLimit: Number(limit), serverWindowMs: 10_000 });
    }
    const late = emptyState();
    learnFromHeaders(late, { 'x-ratelimit-limit': '5', 'x-ratelimit-reset': String(T0 / 1000 + 86_401) }, T0, CFG);
    expect(late).toEqual({ slots: [], serverLimit: 5 });
  });

  it('ignores an X-RateLimit-Remaining past the bounds, so it blocks nobody', () => {
    const state = emptyState();
    learnFromHeaders(state, { 'x-ratelimit-remaining': '-1e308', 'x-ratelimit-reset': reset }, T0, CFG);
    expect(state.serverReset).toBeUndefined();
  });

  it('drops a cap or window out of bounds from a saved state (written by an older version)', () => {
    expect(sanitizeState({ slots: [], serverLimit: 1e308, serverWindowMs: 1e308 })).toEqual(emptyState());
    expect(sanitizeState({ slots: [], serverLimit: 30, serverWindowMs: 60_000 })).toEqual({
      slots: [],
      serverLimit: 30,
      serverWindowMs: 60_000,
    });
  });
});

describe('state hygiene', () => {
  it('settles requests of dead processes and requests older than any timeout', () => {
    const state: RateState = {
      slots: [
        { sentAt: T0 - 100, pid: 111, seq: 1 },
        { sentAt: T0 - 100, pid: 222, seq: 1 },
        { sentAt: T0 - 60_000, pid: 222, seq: 2 },
      ],
    };
    settleOrphans(state, T0, (pid) => pid === 222, 35_000);
    expect(state.slots.map((s) => s.doneAt)).toEqual([T0, undefined, T0 - 25_000]);
  });

  it('prunes old slots and passed blocks', () => {
    const state: RateState = { ...done(T0 - 5000, T0 - 100), retryUntil: T0 - 1, serverReset: { until: T0 + 5 } };
    prune(state, T0, 1000);
    expect(state.slots).toHaveLength(1);
    expect(state.retryUntil).toBeUndefined();
    expect(state.serverReset).toBeDefined();
  });

  it('drops slots dated beyond now plus the window: they were written by a clock that was ahead', () => {
    const state: RateState = {
      slots: [
        { sentAt: T0 + 3_600_000, doneAt: T0 + 3_600_002, pid: 1, seq: 1 },
        { sentAt: T0 + 3_600_000, pid: 1, seq: 2 },
        { sentAt: T0 - 100, doneAt: T0 + 1500, pid: 1, seq: 3 },
        { sentAt: T0 + 500, doneAt: T0 + 900, pid: 1, seq: 4 },
      ],
    };
    prune(state, T0, 1000);
    expect(state.slots.map((s) => s.seq)).toEqual([4]);
  });

  it('turns any file content into a usable state', () => {
    expect(sanitizeState('garbage')).toEqual(emptyState());
    expect(sanitizeState(null)).toEqual(emptyState());
    expect(sanitizeState({ slots: [{ sentAt: 'x' }, { sentAt: 5, pid: 1, seq: 1 }], serverLimit: -2 })).toEqual({
      slots: [{ sentAt: 5, pid: 1, seq: 1 }],
    });
  });

  it('reports the budget for `shorty limits`', () => {
    const b = budget(done(T0 - 900, T0 - 400), T0, spec(3, 1000));
    expect(b).toMatchObject({
      used: 2,
      remaining: 1,
      nextInMs: 0,
      limit: { limit: 3, source: 'configured' },
      server: undefined,
    });
    expect(b.resetsInMs).toBe(-400 + 1000 + safetyMarginMs(1000));
  });
});
