import type { Context } from '../../context.js';
import { formatRateLimitInWords } from '../../settings/rate-limit-spec.js';
import type { View } from '../../output/printer.js';
import { readLimits } from '../../ops/limits.js';
import { formatDuration } from '../../util/duration.js';
import { LIMITS_FIELDS } from './fields.js';

const VIEW: View = { columns: [...LIMITS_FIELDS], quiet: 'remaining', fields: LIMITS_FIELDS };

/** `now`, `in 4.2s`. */
function after(msLeft: number): string {
  return msLeft <= 0 ? 'now' : `in ${formatDuration(msLeft)}`;
}

export async function showLimits(ctx: Context): Promise<void> {
  const { record, budget: b, settings } = await readLimits(ctx);
  const printer = await ctx.printer();
  if (printer.format !== 'table' || ctx.globals.fields !== undefined || printer.quiet)
    return printer.object(record, VIEW);
  // For a person: every value with its unit, in words.
  await printer.object(
    {
      'base URL': record.base_url,
      'rate limit': `${formatRateLimitInWords(b.limit)} (${b.limit.source === 'server' ? "the server's cap" : 'configured'})`,
      used: b.used,
      remaining: b.remaining,
      'next request': after(b.nextInMs),
      'resets in': b.resetsInMs <= 0 ? 'now (nothing used)' : formatDuration(b.resetsInMs),
      configured: `${formatRateLimitInWords(settings.rateLimit)} (${record.configured_by})`,
      server: b.server ? formatRateLimitInWords(b.server) : 'no cap announced yet',
    },
    { columns: [] },
  );
}
