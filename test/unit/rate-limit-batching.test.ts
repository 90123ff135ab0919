// How the limiter keeps file work low: one process's updates queue in memory, and answers are
// written with the next update.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SharedLimiter } from '../../src/api/rate-limit.js';
import { openRateStore } from '../../src/api/rate-store.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import type { Settings } from '../../src/settings/types.js';
import { tempDir } from '../helpers/cli.js';

/** A limiter on a real state file with a fake clock: sleeping moves the clock. */
async function setup(opts: { limit: number; windowMs?: number; path?: string; clock?: { t: number } }) {
  const clock = opts.clock ?? { t: Date.now() };
  const sleeps: number[] = [];
  const signal = new AbortController().signal;
  const ctx = createContext({
    io: await createTestIO(),
    env: {},
    now: () => clock.t,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.t += ms;
    },
    signal,
  });
  const settings: Settings = {
    profile: 'default',
    configDir: tempDir(),
    rateLimit: { limit: opts.limit, windowMs: opts.windowMs ?? 1000 },
    timeoutMs: 30_000,
    insecure: false,
    debug: false,
    wait: true,
    origins: {
      profile: { origin: 'default' },
      baseUrl: { origin: 'default' },
      apiKey: { origin: 'default' },
      rateLimit: { origin: 'default' },
    },
  };
  const path = opts.path ?? join(tempDir(), 'ratelimit', 'state.json');
  const store = openRateStore(path);
  const limiter = new SharedLimiter(ctx, settings, store);
  const request = async (headers: Record<string, string> = {}) => {
    await limiter.acquire(signal);
    clock.t += 2;
    await limiter.observe(headers);
  };
  return { clock, sleeps, limiter, request, store, path, signal };
}

describe('SharedLimiter file work', () => {
  it('lets concurrent requests of one process through up to the cap, without waiting on its own lock', async () => {
    const { limiter, sleeps, store, signal } = await setup({ limit: 10 });
    await Promise.all(Array.from({ length: 10 }, () => limiter.acquire(signal)));
    expect(sleeps).toEqual([]);
    await limiter.close();
    const { slots } = await store.read();
    expect(slots).toHaveLength(10);
    for (const slot of slots) expect(slot.doneAt).toBeDefined();
  });

  it("a snapshot, for a run's estimate, counts the requests sent, as a copy", async () => {
    const { request, limiter, clock } = await setup({ limit: 100 });
    for (let i = 0; i < 6; i++) await request();
    const { state, now } = await limiter.snapshot();
    expect(now).toBe(clock.t);
    expect(state.slots).toHaveLength(6);
    for (const slot of state.slots) expect(slot.doneAt).toBeGreaterThanOrEqual(slot.sentAt);
    // A copy: the limiter's next update does not change what the estimate was given.
    await request();
    expect(state.slots).toHaveLength(6);
    await limiter.close();
  });

  it('writes an answer with the next update, and a spent server budget at once', async () => {
    const { limiter, request, store, signal } = await setup({ limit: 30 });
    await limiter.acquire(signal);
    await limiter.observe({});
    expect((await store.read()).slots[0]!.doneAt).toBeUndefined();
    await request({ 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '5' });
    const state = await store.read();
    expect(state.serverReset).toBeDefined();
    expect(state.slots.filter((s) => s.doneAt !== undefined)).toHaveLength(2);
  });
});
