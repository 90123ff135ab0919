// How the limiter keeps file work low: one process's updates queue in memory, answers are written
// with the next update, and slots are taken a few ahead when there is room, without ever letting
// another process past the cap.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SharedLimiter } from '../../src/api/rate-limit.js';
import { SlotReserve } from '../../src/api/rate-reserve.js';
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

  it('takes slots ahead when there is room, and gives back the unused ones at the end', async () => {
    const { request, limiter, store } = await setup({ limit: 100 });
    for (let i = 0; i < 6; i++) await request();
    expect((await store.read()).slots.length).toBeGreaterThan(6);
    await limiter.close();
    const { slots } = await store.read();
    expect(slots).toHaveLength(6);
    for (const slot of slots) expect(slot.doneAt).toBeGreaterThanOrEqual(slot.sentAt);
  });

  it("a snapshot, for a run's estimate, counts the requests sent, not the slots held ahead for the next ones", async () => {
    const { request, limiter, store, clock } = await setup({ limit: 100 });
    for (let i = 0; i < 6; i++) await request();
    expect((await store.read()).slots.length).toBeGreaterThan(6);
    const { state, now } = await limiter.snapshot();
    expect(now).toBe(clock.t);
    expect(state.slots).toHaveLength(6);
    for (const slot of state.slots) expect(slot.doneAt).toBeGreaterThanOrEqual(slot.sentAt);
    // A copy: the limiter's next update does not change what the estimate was given.
    await request();
    expect(state.slots).toHaveLength(6);
    await limiter.close();
  });

  it('counts slots taken ahead against the other processes: together they never pass the cap', async () => {
    const a = await setup({ limit: 12, windowMs: 5000 });
    const b = await setup({ limit: 12, windowMs: 5000, path: a.path, clock: a.clock });
    for (let i = 0; i < 4; i++) await a.request();
    const heldByA = (await a.store.read()).slots.length;
    expect(heldByA).toBeGreaterThan(4);
    let sentByB = 0;
    while (b.sleeps.length === 0) {
      await b.request();
      if (b.sleeps.length === 0) sentByB += 1;
    }
    expect(heldByA + sentByB).toBe(12);
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

describe('SlotReserve', () => {
  it('takes nothing ahead for the first request, then more as requests keep coming, within a quarter of the room', () => {
    expect(SlotReserve.extra(100, 1)).toBe(0);
    expect(SlotReserve.extra(100, 2)).toBe(1);
    expect(SlotReserve.extra(100, 50)).toBe(7);
    expect(SlotReserve.extra(5, 50)).toBe(1);
    expect(SlotReserve.extra(4, 50)).toBe(0);
  });

  it('uses a slot taken ahead only while fresh and while the server shows room for it', () => {
    const reserve = new SlotReserve();
    reserve.add([2, 3, 4], 1000, 30);
    expect(reserve.take(1010)).toBe(2);
    reserve.check({ 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '20' }, 1);
    expect(reserve.take(1020)).toBe(3);
    reserve.check({ 'x-ratelimit-remaining': '1' }, 1);
    expect(reserve.take(1030)).toBeUndefined();
    reserve.add([5], 2000, 30);
    expect(reserve.take(5000)).toBeUndefined();
    const state = { slots: [4, 5, 6].map((seq) => ({ sentAt: 1000, pid: 7, seq })) };
    reserve.releaseInto(state, 7);
    expect(state.slots.map((s) => s.seq)).toEqual([6]);
  });
});
