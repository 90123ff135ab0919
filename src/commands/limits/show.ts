import { openSharedRateStore } from '../../api/rate-store.js';
import { budget } from '../../api/rate-window.js';
import type { Context } from '../../context.js';
import { formatRateLimit, formatRateLimitInWords } from '../../settings/rate-limit-spec.js';
import type { Row, View } from '../../output/printer.js';
import { requireApiKey, requireBaseUrl } from '../../settings/base-url.js';
import { formatDuration } from '../../util/duration.js';
import { LIMITS_FIELDS } from './fields.js';

const VIEW: View = { columns: [...LIMITS_FIELDS], quiet: 'remaining', fields: LIMITS_FIELDS };

/** Whole milliseconds, never negative: a script compares them, a person reads the table. */
const ms = (value: number) => Math.ceil(Math.max(0, value));

/** `now`, `in 4.2s`. */
function after(msLeft: number): string {
  return msLeft <= 0 ? 'now' : `in ${formatDuration(msLeft)}`;
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
  // `default` is replaced by the server's cap either way; anything else is a ceiling.
  const configuredBy = settings.rateLimit.setBy ?? 'default';
  const data: Row = {
    base_url: baseUrl,
    rate_limit: formatRateLimit(b.limit),
    // Which cap is in force: `server` (X-RateLimit-Limit) or `configured`.
    source: b.limit.source,
    used: b.used,
    remaining: b.remaining,
    next_in_ms: ms(b.nextInMs),
    resets_in_ms: ms(b.resetsInMs),
    configured: formatRateLimit(settings.rateLimit),
    configured_by: configuredBy,
    server: b.server ? formatRateLimit(b.server) : null,
  };
  if (printer.format !== 'table' || ctx.globals.fields !== undefined || printer.quiet)
    return printer.object(data, VIEW);
  // For a person: every value with its unit, in words.
  await printer.object(
    {
      'base URL': baseUrl,
      'rate limit': `${formatRateLimitInWords(b.limit)} (${b.limit.source === 'server' ? "the server's cap" : 'configured'})`,
      used: b.used,
      remaining: b.remaining,
      'next request': after(b.nextInMs),
      'resets in': b.resetsInMs <= 0 ? 'now (nothing used)' : formatDuration(b.resetsInMs),
      configured: `${formatRateLimitInWords(settings.rateLimit)} (${configuredBy})`,
      server: b.server ? formatRateLimitInWords(b.server) : 'no cap announced yet',
    },
    { columns: [] },
  );
}
