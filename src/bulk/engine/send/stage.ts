import { setMaxListeners } from 'node:events';
import type { ModernApi } from '../../../api/modern.js';
import type { Context } from '../../../context.js';
import { parseDuration } from '../../../input/duration.js';
import type { JournalWriter } from '../journal/journal.js';
import { accountAliasPlaces } from './alias-owner.js';
import { createCreator, type Creator } from './create.js';
import { DEFAULT_OUTAGE, OutageRider, type OutagePolicy } from '../pace/outage.js';

/** The send stage of a bulk run: the API, the outage policy, and the creator that never makes a link twice. */
export interface SendStage {
  api: ModernApi;
  rider: OutageRider;
  creator: Creator;
}

/**
 * The outage policy of a run: --max-outage, and the waits between tries. SHORTY_RETRY_BACKOFF
 * (`FIRST,CAP`, e.g. `20ms,200ms`) is for tests and benchmarks that cannot wait a minute.
 * `answered`: the run's journal records answers of the service (it was there before).
 */
export function outagePolicy(
  env: Record<string, string | undefined>,
  maxMs = DEFAULT_OUTAGE.maxMs,
  answered = false,
): OutagePolicy {
  const reach = { answered };
  const backoff = env.SHORTY_RETRY_BACKOFF?.split(',');
  if (!backoff) return { ...DEFAULT_OUTAGE, maxMs, reach };
  const firstMs = Math.max(1, parseDuration(backoff[0], 'SHORTY_RETRY_BACKOFF'));
  const capMs =
    backoff[1] === undefined ? firstMs * 64 : Math.max(firstMs, parseDuration(backoff[1], 'SHORTY_RETRY_BACKOFF'));
  return { maxMs, firstMs, capMs, reach };
}

export async function openSendStage(
  ctx: Context,
  opts: { journal?: JournalWriter; claimed: Set<string>; outage: OutagePolicy; warn?: (text: string) => void },
): Promise<SendStage> {
  const api = await bulkApi(ctx);
  const { requireBaseUrl } = await import('../../../settings/base-url.js');
  const settings = await ctx.settings();
  const baseUrl = requireBaseUrl(settings);
  const rider = new OutageRider(
    {
      now: () => ctx.now(),
      sleep: (ms) => ctx.sleep(ms, ctx.signal),
      warn: opts.warn ?? ((text) => void ctx.io.stderr.write(`${text}\n`)),
    },
    opts.outage,
  );
  const creator = createCreator({
    api,
    rider,
    journal: opts.journal,
    baseUrl,
    aliasPlaces: accountAliasPlaces(api, { baseUrl, domain: settings.domain }, debugLine(ctx, settings)),
    now: () => ctx.now(),
    claimed: opts.claimed,
    answerMs: settings.timeoutMs,
  });
  return { api, rider, creator };
}

/** Writes a `* ...` line of --debug on stderr, and nothing without it. */
export function debugLine(ctx: Context, settings: { debug: boolean }): (line: string) => void {
  return (line) => {
    if (settings.debug) ctx.io.stderr.write(`${line}\n`);
  };
}

/**
 * The API for a bulk run, on a signal of its own that Ctrl-C does not abort: a request already on
 * the wire is awaited and journaled (the server may have carried it out). Waits (for the rate
 * limit, or before a retry after a rate-limit answer, when nothing was done) still end at Ctrl-C,
 * so a row that has not been sent yet is dropped at once. One per run: what the run reads, its
 * estimate and its writes share one limiter, so the rate-limit state store is opened once.
 */
export function bulkApi(ctx: Context): Promise<ModernApi> {
  let api = apis.get(ctx);
  if (!api) apis.set(ctx, (api = openBulkApi(ctx)));
  return api;
}

const apis = new WeakMap<Context, Promise<ModernApi>>();

async function openBulkApi(ctx: Context): Promise<ModernApi> {
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (!signal) return ctx.sleep(ms, ctx.signal);
    const either = eitherSignal(signal, ctx.signal);
    try {
      await ctx.sleep(ms, either.signal);
    } finally {
      either.dispose();
    }
  };
  const own = new AbortController().signal;
  // One listener per request in flight: a window of them is no leak.
  setMaxListeners(0, own);
  return ctx.apiOn({ signal: own, sleep });
}

/**
 * Aborted when `a` or `b` aborts; `dispose` unhooks it from both. Not AbortSignal.any: its links
 * from the run's signal would outlive each of the import's many waits.
 */
function eitherSignal(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const first = [a, b].find((s) => s.aborted);
  if (first) {
    controller.abort(first.reason);
    return { signal: controller.signal, dispose: () => {} };
  }
  const onA = () => controller.abort(a.reason);
  const onB = () => controller.abort(b.reason);
  a.addEventListener('abort', onA, { once: true });
  b.addEventListener('abort', onB, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      a.removeEventListener('abort', onA);
      b.removeEventListener('abort', onB);
    },
  };
}
