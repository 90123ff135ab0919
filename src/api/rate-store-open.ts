import type { Settings } from '../settings/types.js';
import { openRateStore, rateStateFile, usableRateStateDir, type RateStore } from './rate-store.js';

/** The limiter's store for this run and the clock its instants are on. */
export interface OpenedRateStore {
  store: RateStore;
  /** Redis's clock minus ours for a Redis store (the whole fleet measures on Redis's), 0 for the local file. */
  clockOffsetMs: number;
}

/** No request can be in flight longer than its timeout; a little more for the slowest clocks. */
export function maxInFlightMs(settings: Settings): number {
  return settings.timeoutMs + 5000;
}

/**
 * The local state file, or with a rate store set, Redis. The Redis client is imported only then:
 * a run without it never loads it. A Redis store that can't be reached is an error (exit 5),
 * never a silent fall-back to the local file, which would let this machine spend the fleet's budget.
 */
export async function openSharedRateStore(
  settings: Settings,
  baseUrl: string,
  apiKey: string,
  now: () => number,
  warn: (line: string) => void,
): Promise<OpenedRateStore> {
  if (!settings.rateStore) {
    // A config folder that can't be written (CI without a home) falls back to a private temp folder.
    const dir = usableRateStateDir(settings.configDir, warn);
    return { store: openRateStore(rateStateFile(dir, baseUrl, apiKey)), clockOffsetMs: 0 };
  }
  const { openRedisRateStore } = await import('./rate-store-redis.js');
  const store = await openRedisRateStore({
    url: settings.rateStore,
    baseUrl,
    apiKey,
    now,
    windowMs: settings.rateLimit.windowMs,
    maxInFlightMs: maxInFlightMs(settings),
  });
  return { store, clockOffsetMs: store.clockOffsetMs };
}
