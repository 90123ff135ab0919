import { normalizeBaseUrl, requireApiKey, requireBaseUrl } from '../../api/connection.js';
import { openRateStore, rateStateFile, usableRateStateDir } from '../../api/rate-store.js';
import { budget } from '../../api/rate-window.js';
import type { Context } from '../../context.js';
import { formatRateLimit } from '../../input/rate-limit-spec.js';
import type { View } from '../../output/printer.js';

const VIEW: View = {
  columns: ['rate_limit', 'source', 'used', 'remaining', 'next_in', 'resets_in', 'configured'],
  quiet: 'remaining',
};

/** Seconds with one decimal: enough for a person, exact enough for a script. */
function seconds(ms: number): number {
  return Math.ceil(Math.max(0, ms) / 100) / 10;
}

export async function showLimits(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const baseUrl = normalizeBaseUrl(requireBaseUrl(settings));
  const apiKey = requireApiKey(settings);
  const dir = usableRateStateDir(settings.configDir, (line) => void ctx.io.stderr.write(`${line}\n`));
  const path = rateStateFile(dir, baseUrl, apiKey);
  const state = await openRateStore(path).read();
  const b = budget(state, ctx.now(), settings.rateLimit);
  const printer = await ctx.printer();
  await printer.object({
    base_url: baseUrl,
    rate_limit: formatRateLimit(b.limit),
    // `server`: the cap announced in X-RateLimit-Limit, which replaces the configured one.
    source: b.limit.source,
    used: b.used,
    remaining: b.remaining,
    next_in: seconds(b.nextInMs),
    resets_in: seconds(b.resetsInMs),
    configured: formatRateLimit(settings.rateLimit),
  }, VIEW);
}
