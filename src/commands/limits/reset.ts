import { existsSync } from 'node:fs';
import { openSharedRateStore, rateStatePath } from '../../api/rate-store.js';
import type { RateState } from '../../api/rate-window.js';
import type { Context } from '../../context.js';
import { requireApiKey, requireBaseUrl } from '../../settings/base-url.js';
import { maskKey } from '../../settings/keys.js';

/**
 * `shorty limits --reset`: forgets the local rate-limit state of this base URL and key (the
 * requests recorded, the cap and window learnt from the server, any block it announced), under
 * the same lock as the limiter, and says what was there. The way out of a state that holds every
 * process back for no reason; the server's own limit is unchanged, and the next answer teaches
 * its cap again.
 */
export async function resetLimits(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const baseUrl = requireBaseUrl(settings);
  const key = requireApiKey(settings);
  const where = `${baseUrl} (key ${maskKey(key)})`;
  const printer = await ctx.printer();
  // A local state that was never written stays unwritten (a Redis store answers an empty state).
  if (!settings.rateStore && !existsSync(rateStatePath(settings.configDir, baseUrl, key))) {
    await printer.message({
      message: `no local rate-limit state for ${where}: nothing to clear`,
      base_url: baseUrl,
      cleared: [],
    });
    return;
  }
  const { store } = await openSharedRateStore(
    settings,
    baseUrl,
    key,
    () => ctx.now(),
    (line) => void ctx.io.stderr.write(`${line}\n`),
  );
  const cleared = await store
    .update((state) => {
      const was = describe(state, ctx.now());
      state.slots = [];
      delete state.serverLimit;
      delete state.serverWindowMs;
      delete state.serverReset;
      delete state.retryUntil;
      return was;
    }, ctx.signal)
    .finally(() => store.close?.());
  const what = cleared.length > 0 ? cleared.join(', ') : 'it was empty';
  await printer.message({
    message: `cleared the local rate-limit state for ${where}: ${what}`,
    base_url: baseUrl,
    cleared,
  });
}

/** What a state holds, in words: `3 recorded requests`, `a server block until 2058-…`. */
function describe(state: RateState, now: number): string[] {
  const parts: string[] = [];
  if (state.slots.length > 0)
    parts.push(`${state.slots.length} recorded request${state.slots.length === 1 ? '' : 's'}`);
  if (state.serverLimit !== undefined) parts.push(`the server's cap of ${state.serverLimit}`);
  if (state.serverWindowMs !== undefined) parts.push(`a server window of ${Math.round(state.serverWindowMs / 1000)}s`);
  if (state.retryUntil !== undefined && state.retryUntil > now)
    parts.push(`a retry block until ${instant(state.retryUntil)}`);
  if (state.serverReset !== undefined && state.serverReset.until > now)
    parts.push(`a server block until ${instant(state.serverReset.until)}`);
  return parts;
}

function instant(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? `${ms} ms after 1970` : date.toISOString();
}
