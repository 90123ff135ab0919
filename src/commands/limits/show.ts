import { openSharedRateStore } from '../../api/rate-store-open.js';
import { budget } from '../../api/rate-window.js';
import type { Context } from '../../context.js';
import { formatRateLimit } from '../../settings/rate-limit-spec.js';
import type { View } from '../../output/printer.js';
import { requireApiKey, requireBaseUrl } from '../../settings/base-url.js';

const VIEW: View = {
  columns: [
    'rate_limit',
    'source',
    'used',
    'remaining',
    'next_in',
    'resets_in',
    'configured',
    'configured_by',
    'server',
  ],
  quiet: 'remaining',
};

/** Seconds with one decimal: enough for a person, exact enough for a script. */
function seconds(ms: number): number {
  return Math.ceil(Math.max(0, ms) / 100) / 10;
}

export async function showLimits(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const baseUrl = requireBaseUrl(settings);
  const { store, clockOffsetMs } = await openSharedRateStore(
    settings,
    baseUrl,
    requireApiKey(settings),
    () => ctx.now(),
    (line) => void ctx.io.stderr.write(`${line}\n`),
  );
  const state = await store.read().finally(() => store.close?.());
  const b = budget(state, ctx.now() + clockOffsetMs, settings.rateLimit);
  const printer = await ctx.printer();
  await printer.object(
    {
      base_url: baseUrl,
      rate_limit: formatRateLimit(b.limit),
      // Which cap is in force: `server` (X-RateLimit-Limit) or `configured`.
      source: b.limit.source,
      used: b.used,
      remaining: b.remaining,
      next_in: seconds(b.nextInMs),
      resets_in: seconds(b.resetsInMs),
      configured: formatRateLimit(settings.rateLimit),
      // `default` is replaced by the server's cap either way; anything else is a ceiling.
      configured_by: settings.rateLimit.setBy ?? 'default',
      server: b.server ? formatRateLimit(b.server) : null,
    },
    VIEW,
  );
}
