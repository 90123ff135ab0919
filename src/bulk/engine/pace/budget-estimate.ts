import type { RateSnapshot } from '../../../api/limiter.js';
import type { ModernApi } from '../../../api/modern.js';
import { openSharedRateStore } from '../../../api/rate-store.js';
import type { Context } from '../../../context.js';
import { normalizeBaseUrl } from '../../../settings/base-url.js';
import type { Settings } from '../../../settings/types.js';
import { formatRateLimit } from '../../../settings/rate-limit-spec.js';
import { lastSlotAt } from '../../../api/rate-window.js';
import { estimateMs, writesEstimate } from './timing.js';
import { formatEstimate } from '../../../util/duration.js';

/**
 * The time `writes` requests take with the budget left in the limiter's shared state, the one
 * estimate of every bulk command that writes (import, its dry run and undo, sync). A run that
 * has its client already reads the state through that client's limiter, so the state store
 * (a Redis connection, with a rate store) is opened once per command; a dry run, which opens no
 * client, reads it once as `shorty limits` does. An estimate never fails a run: when the state
 * cannot be read, each write is counted at its share of the configured window.
 */
export async function budgetEstimate(
  ctx: Context,
  settings: Settings,
  writes: number,
  api?: Pick<ModernApi, 'rateBudget'>,
): Promise<string> {
  try {
    const { state, now } = api ? await api.rateBudget() : await readBudget(ctx, settings);
    return writesEstimate(state, now, settings.rateLimit, writes);
  } catch {
    return `${formatEstimate(estimateMs(writes, settings.rateLimit))} at ${formatRateLimit(settings.rateLimit)}`;
  }
}

async function readBudget(ctx: Context, settings: Settings): Promise<RateSnapshot> {
  const { store, clockOffsetMs } = await openSharedRateStore(
    settings,
    normalizeBaseUrl(settings.baseUrl ?? ''),
    settings.apiKey ?? '',
    () => ctx.now(),
    () => {},
  );
  const state = await store.read().finally(() => store.close?.());
  return { state, now: ctx.now() + clockOffsetMs };
}

/**
 * When the last of `writes` requests can go, on the run's clock, by the same budget as the plan's
 * estimate: for the time left that a running import shows (src/bulk/progress.ts). Undefined
 * when the state cannot be read.
 */
export async function budgetFinishAt(
  ctx: Context,
  settings: Settings,
  writes: number,
  api: Pick<ModernApi, 'rateBudget'>,
): Promise<number | undefined> {
  try {
    const { state, now } = await api.rateBudget();
    return ctx.now() + (lastSlotAt(state, now, settings.rateLimit, writes) - now);
  } catch {
    return undefined;
  }
}
