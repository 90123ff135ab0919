import { openSharedRateStore } from '../api/rate-store-open.js';
import type { Context } from '../context.js';
import { normalizeBaseUrl } from '../settings/base-url.js';
import type { Settings } from '../settings/types.js';
import { estimateMs, formatEstimate, formatRate, writesEstimate } from './timing.js';

/**
 * The time `writes` requests take with the budget left in the limiter's shared state (read as
 * `shorty limits` reads it, no request). An estimate never fails a run: when the state cannot be
 * read, each write is counted at its share of the configured window.
 */
export async function budgetEstimate(ctx: Context, settings: Settings, writes: number): Promise<string> {
  try {
    const { store, clockOffsetMs } = await openSharedRateStore(settings, normalizeBaseUrl(settings.baseUrl ?? ''), settings.apiKey ?? '',
      () => ctx.now(), () => {});
    const state = await store.read().finally(() => store.close?.());
    return writesEstimate(state, ctx.now() + clockOffsetMs, settings.rateLimit, writes);
  } catch {
    return `${formatEstimate(estimateMs(writes, settings.rateLimit))} at ${formatRate(settings.rateLimit)}`;
  }
}
