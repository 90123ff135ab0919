// The rate budget the limiter keeps, as both doors show it (`limits`, and the MCP tool): no request.
import type { RateSnapshot } from '../api/limiter.js';
import { openSharedRateStore } from '../api/rate-store.js';
import { budget } from '../api/rate-window.js';
import type { Context } from '../context.js';
import { requireApiKey, requireBaseUrl } from '../settings/base-url.js';
import { formatRateLimit } from '../settings/rate-limit-spec.js';
import type { Settings } from '../settings/types.js';

/** Whole milliseconds, never negative: a script compares them, a person reads the table. */
const whole = (ms: number) => Math.ceil(Math.max(0, ms));

export interface Limits {
  /** The record, caps as --rate-limit takes them and times in whole milliseconds. */
  record: {
    base_url: string;
    rate_limit: string;
    /** Which cap is in force: `server` (X-RateLimit-Limit) or `configured`. */
    source: 'server' | 'configured';
    used: number;
    remaining: number;
    next_in_ms: number;
    resets_in_ms: number;
    configured: string;
    /** `default` is replaced by the server's cap either way; anything else is a ceiling. */
    configured_by: string;
    server: string | null;
  };
  /** The budget itself, for a door that words it for a person. */
  budget: ReturnType<typeof budget>;
  settings: Settings;
}

/**
 * The budget left now. `snapshot` reads the state through a client's own limiter (a door that
 * holds one); without it the shared state is read as the limiter keeps it, with no client opened.
 */
export async function readLimits(ctx: Context, snapshot?: () => Promise<RateSnapshot>): Promise<Limits> {
  const settings = await ctx.settings();
  const baseUrl = requireBaseUrl(settings);
  const { state, now } = snapshot ? await snapshot() : await readShared(ctx, settings, baseUrl);
  const b = budget(state, now, settings.rateLimit);
  return {
    record: {
      base_url: baseUrl,
      rate_limit: formatRateLimit(b.limit),
      source: b.limit.source,
      used: b.used,
      remaining: b.remaining,
      next_in_ms: whole(b.nextInMs),
      resets_in_ms: whole(b.resetsInMs),
      configured: formatRateLimit(settings.rateLimit),
      configured_by: settings.rateLimit.setBy ?? 'default',
      server: b.server ? formatRateLimit(b.server) : null,
    },
    budget: b,
    settings,
  };
}

async function readShared(ctx: Context, settings: Settings, baseUrl: string): Promise<RateSnapshot> {
  const { store, clockOffsetMs } = await openSharedRateStore(
    settings,
    baseUrl,
    requireApiKey(settings),
    () => ctx.now(),
    (line) => void ctx.io.stderr.write(`${line}\n`),
  );
  const state = await store.read().finally(() => store.close?.());
  return { state, now: ctx.now() + clockOffsetMs };
}
