import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SharedLimiter } from '../../src/api/rate-limit.js';
import { openRateStore } from '../../src/api/rate-store.js';
import { createContext } from '../../src/factory.js';
import { CancelError, RateLimitError } from '../../src/errors.js';
import { createTestIO } from '../../src/io.js';
import { claimStatusLine } from '../../src/util/status-line.js';
import type { Settings } from '../../src/settings/types.js';
import { tempDir } from '../helpers/cli.js';

/** A limiter on a real state file with a fake clock: sleeping moves the clock. */
async function setup(
  opts: {
    limit?: number;
    windowMs?: number;
    setBy?: string;
    wait?: boolean;
    maxWaitMs?: number;
    tty?: boolean;
    path?: string;
    clock?: { t: number };
  } = {},
) {
  const clock = opts.clock ?? { t: Date.now() };
  const sleeps: number[] = [];
  const controller = new AbortController();
  const io = await createTestIO({ tty: opts.tty });
  const ctx = createContext({
    io,
    env: {},
    now: () => clock.t,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      clock.t += ms;
    },
    signal: controller.signal,
  });
  const settings: Settings = {
    profile: 'default',
    configDir: tempDir(),
    rateLimit: { limit: opts.limit ?? 3, windowMs: opts.windowMs ?? 1000, setBy: opts.setBy },
    timeoutMs: 30_000,
    insecure: false,
    debug: false,
    wait: opts.wait ?? true,
    maxWaitMs: opts.maxWaitMs,
    origins: {
      profile: { origin: 'default' },
      baseUrl: { origin: 'default' },
      apiKey: { origin: 'default' },
      rateLimit: { origin: 'default' },
    },
  };
  const path = opts.path ?? join(tempDir(), 'ratelimit', 'state.json');
  const limiter = new SharedLimiter(ctx, settings, openRateStore(path));
  const request = async (headers: Record<string, string> = {}) => {
    await limiter.acquire(controller.signal);
    clock.t += 2; // the answer takes 2 ms
    await limiter.observe(headers);
  };
  return { clock, sleeps, io, limiter, request, controller, path };
}

const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('SharedLimiter', () => {
  it('after the clock is stepped back an hour, the slots it dated ahead hold nobody back', async () => {
    const clock = { t: Date.now() + 3_600_000 };
    const ahead = await setup({ limit: 3, windowMs: 60_000, clock });
    for (let i = 0; i < 3; i++) await ahead.request();
    clock.t -= 3_600_000;
    const now = await setup({ limit: 3, windowMs: 60_000, clock, path: ahead.path });
    await now.request();
    expect(now.sleeps).toEqual([]);
    expect(now.io.err()).toBe('');
  });

  it('lets N requests through, then waits for the window and says so once', async () => {
    const { sleeps, io, request } = await setup({ limit: 3, windowMs: 2000 });
    for (let i = 0; i < 3; i++) await request();
    expect(sleeps).toEqual([]);
    await request();
    expect(total(sleeps)).toBeGreaterThanOrEqual(2000);
    expect(total(sleeps)).toBeLessThan(2100);
    expect(io.err()).toBe('waiting 2s for the rate limit…\n');
  });

  it('draws a countdown on a TTY and clears it', async () => {
    const { io, request } = await setup({ limit: 1, windowMs: 3000, tty: true });
    await request();
    await request();
    expect(io.err()).toContain('\r\x1b[Kwaiting 3s for the rate limit…');
    expect(io.err()).toContain('\r\x1b[Kwaiting 1s for the rate limit…');
    expect(io.err().endsWith('\r\x1b[K')).toBe(true);
  });

  it('with a progress bar on stderr, the countdown goes into its line and nothing is written over it', async () => {
    const { io, request, clock } = await setup({ limit: 1, windowMs: 3000, tty: true });
    const shown: string[] = [];
    let showing: (() => string) | undefined;
    const release = claimStatusLine(io.stderr, {
      show(text) {
        showing = text;
        shown.push(text());
        return () => {
          shown.push(`gone at ${clock.t}`);
          showing = undefined;
        };
      },
    });
    try {
      await request();
      const waitFrom = clock.t;
      await request();
      expect(io.err()).toBe('');
      expect(shown[0]).toBe('waiting 3s (rate limit)');
      expect(shown[1]).toMatch(/^gone at /);
      expect(Number(shown[1].slice(8))).toBeGreaterThanOrEqual(waitFrom + 3000);
      expect(showing).toBeUndefined();
    } finally {
      release();
    }
  });

  it('stays silent for waits under a second', async () => {
    const { sleeps, io, request } = await setup({ limit: 1, windowMs: 500 });
    await request();
    await request();
    expect(total(sleeps)).toBeGreaterThan(400);
    expect(io.err()).toBe('');
  });

  it('fails with exit 4 under --no-wait instead of waiting', async () => {
    const { sleeps, request } = await setup({ limit: 1, wait: false });
    await request();
    const err = await request().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).exitCode).toBe(4);
    expect((err as RateLimitError).message).toMatch(/next request is possible in (\d+ms|\d(\.\d)?s)/);
    expect(sleeps).toEqual([]);
  });

  it('with a time limit per call (shorty mcp), waits up to it and fails past it, saying when to try again', async () => {
    const { sleeps, request } = await setup({ limit: 1, windowMs: 5000, maxWaitMs: 6000 });
    await request();
    await request();
    expect(total(sleeps)).toBeGreaterThanOrEqual(5000);
    const { sleeps: none, request: limited } = await setup({ limit: 1, windowMs: 5000, maxWaitMs: 4000 });
    await limited();
    const err = (await limited().catch((e: unknown) => e)) as RateLimitError;
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfterMs).toBeGreaterThan(4000);
    expect(err.hint).toMatch(/^try again in [56] s \(client cap 1\/5s\)$/);
    expect(none).toEqual([]);
  });

  it('stops at once with the abort reason when interrupted during a wait', async () => {
    const { limiter, request, controller } = await setup({ limit: 1 });
    await request();
    controller.abort(new CancelError());
    await expect(limiter.acquire(controller.signal)).rejects.toBeInstanceOf(CancelError);
  });

  it('shares the budget between limiters of separate processes', async () => {
    const a = await setup({ limit: 2, windowMs: 5000 });
    const b = await setup({ limit: 2, windowMs: 5000, path: a.path, clock: a.clock });
    await a.request();
    await b.request();
    await b.request();
    expect(total(b.sleeps)).toBeGreaterThanOrEqual(5000);
  });

  it('shares a server refusal: backoff blocks the other processes too', async () => {
    const a = await setup({ limit: 10 });
    const b = await setup({ limit: 10, path: a.path, clock: a.clock });
    await a.request();
    await a.limiter.backoff(3000, a.controller.signal);
    expect(total(a.sleeps)).toBe(3000);
    a.clock.t -= 3000; // b asks at the moment a was refused
    await b.request();
    expect(total(b.sleeps)).toBe(3000);
  });

  it('under --no-wait, a server refusal is exit 4 too', async () => {
    const { limiter, controller } = await setup({ wait: false });
    await expect(limiter.backoff(2000, controller.signal)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('adopts the server cap from X-RateLimit-Limit', async () => {
    const { sleeps, request, clock } = await setup({ limit: 30, windowMs: 60_000 });
    const headers = () => ({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': String((clock.t + 4000) / 1000),
    });
    await request(headers());
    await request(headers());
    await request(headers());
    expect(total(sleeps)).toBeGreaterThanOrEqual(3900);
    expect(total(sleeps)).toBeLessThan(60_000);
  });

  it('never lets X-RateLimit-Limit raise a cap the user set', async () => {
    const { sleeps, request, clock } = await setup({ limit: 2, windowMs: 1000, setBy: '--rate-limit' });
    const headers = () => ({
      'x-ratelimit-limit': '30',
      'x-ratelimit-remaining': '25',
      'x-ratelimit-reset': String(Math.ceil((clock.t + 60_000) / 1000)),
    });
    for (let i = 0; i < 3; i++) await request(headers());
    expect(sleeps).toHaveLength(1);
    expect(total(sleeps)).toBeGreaterThanOrEqual(990);
    // the same run with the cap left at its default follows the server up: no wait
    const followed = await setup({ limit: 2, windowMs: 1000 });
    for (let i = 0; i < 3; i++) await followed.request(headers());
    expect(followed.sleeps).toEqual([]);
  });

  it('believes no X-RateLimit-Limit past 10,000 a window: 1e308 neither lifts pacing nor is saved', async () => {
    const { sleeps, request, clock, path } = await setup({ limit: 2, windowMs: 1000 });
    const headers = () => ({
      'x-ratelimit-limit': '1e308',
      'x-ratelimit-remaining': '1e308',
      'x-ratelimit-reset': String((clock.t + 1000) / 1000),
    });
    for (let i = 0; i < 3; i++) await request(headers());
    expect(sleeps).toHaveLength(1);
    expect(total(sleeps)).toBeGreaterThanOrEqual(990);
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved.serverLimit).toBeUndefined();
    expect(saved.serverWindowMs).toBeUndefined();
  });

  it('lets X-RateLimit-Limit lower a cap the user set', async () => {
    const { sleeps, request, clock } = await setup({ limit: 5, windowMs: 1000, setBy: 'SHORTY_RATE_LIMIT' });
    const headers = () => ({
      'x-ratelimit-limit': '1',
      'x-ratelimit-remaining': '5',
      'x-ratelimit-reset': String(clock.t + 1000),
    });
    await request(headers());
    await request(headers());
    expect(total(sleeps)).toBeGreaterThanOrEqual(990);
  });

  it('paces by its own cap when the server sends no rate-limit headers', async () => {
    const { sleeps, request } = await setup({ limit: 2, windowMs: 1000 });
    for (let i = 0; i < 5; i++) await request({ 'content-type': 'application/json' });
    // 5 requests at 2 a second: two waits of a window each, and never fewer
    expect(sleeps).toHaveLength(2);
    expect(total(sleeps)).toBeGreaterThanOrEqual(2 * 990);
  });

  it('waits for the reset on X-RateLimit-Remaining -1 (older servers on a refused request)', async () => {
    const { request, clock } = await setup({ limit: 30, windowMs: 60_000 });
    const reset = clock.t + 7000;
    await request({ 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': String(reset) });
    await request();
    expect(clock.t).toBeGreaterThanOrEqual(reset);
  });

  it('paces by its cap on X-RateLimit-Remaining -1 with no reset to wait for', async () => {
    const { sleeps, request } = await setup({ limit: 2, windowMs: 1000 });
    for (let i = 0; i < 3; i++) await request({ 'x-ratelimit-remaining': '-1' });
    expect(sleeps).toHaveLength(1);
    expect(total(sleeps)).toBeGreaterThanOrEqual(990);
  });

  it('waits for X-RateLimit-Reset when X-RateLimit-Remaining is 0', async () => {
    const { sleeps, request, clock } = await setup({ limit: 30, windowMs: 60_000 });
    const reset = clock.t + 10_000;
    await request({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) });
    await request();
    expect(clock.t).toBeGreaterThanOrEqual(reset);
    expect(total(sleeps)).toBeLessThanOrEqual(10_000);
  });

  it('lets concurrent requests of one process through up to the cap, without waiting on its own lock', async () => {
    const { limiter, sleeps, controller, path } = await setup({ limit: 10 });
    await Promise.all(Array.from({ length: 10 }, () => limiter.acquire(controller.signal)));
    expect(sleeps).toEqual([]);
    await limiter.close();
    const { slots } = await openRateStore(path).read();
    expect(slots).toHaveLength(10);
    for (const slot of slots) expect(slot.doneAt).toBeDefined();
  });

  it("a snapshot, for a run's estimate, is the shared state now, as a copy", async () => {
    const { request, limiter, clock } = await setup({ limit: 100 });
    for (let i = 0; i < 6; i++) await request();
    const { state, now } = await limiter.snapshot();
    expect(now).toBe(clock.t);
    expect(state.slots).toHaveLength(6);
    for (const slot of state.slots) expect(slot.doneAt).toBeGreaterThanOrEqual(slot.sentAt);
    await request();
    expect(state.slots).toHaveLength(6);
  });

  it('writes each answer at once: another process sees the request done', async () => {
    const { limiter, controller, path } = await setup({ limit: 30 });
    await limiter.acquire(controller.signal);
    expect((await openRateStore(path).read()).slots[0]!.doneAt).toBeUndefined();
    await limiter.observe({});
    expect((await openRateStore(path).read()).slots[0]!.doneAt).toBeDefined();
  });

  it('closes a slot left in flight when the run ends', async () => {
    const { limiter, controller, path } = await setup();
    await limiter.acquire(controller.signal);
    await limiter.close();
    const state = await openRateStore(path).read();
    expect(state.slots[0]!.doneAt).toBeDefined();
  });
});
