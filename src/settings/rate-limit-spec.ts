import { UsageError } from '../errors.js';
import { DURATION_UNIT_MS, formatDuration, readDuration } from '../util/duration.js';
import type { RateLimitSpec } from './types.js';

/** The longest window accepted: a day (anything longer is surely a typo). */
const MAX_WINDOW_MS = 86_400_000;

/**
 * Parses `N/W`, W a duration (`30/60s`, `5/1500ms`, `100/1m`, `30/1min`, `30/60`: seconds), and
 * keeps the unit it was written in. The cap and the window must both be positive.
 */
export function parseRateLimit(text: string): RateLimitSpec {
  const m = /^\s*(\d{1,6})\s*\/(.*)$/.exec(String(text));
  const limit = m ? Number(m[1]) : NaN;
  const window = m ? readDuration(m[2]!) : undefined;
  if (!window || !(limit >= 1) || !(window.ms >= 1) || window.ms > MAX_WINDOW_MS) {
    throw new UsageError(`invalid rate limit "${text}": use N/Ws, e.g. 30/60s`);
  }
  return { limit, windowMs: window.ms, unit: window.unit };
}

/** A window of one of these is named by its unit alone: `30/min`. */
const ONE_UNIT: Record<number, string> = { 1000: 's', 60000: 'min', 3600000: 'h' };

/**
 * The one way a cap is written (`shorty limits`, `status`, estimates, errors): the user's in the
 * unit they wrote it in (`30/60s`, `100/1m`, `5/1500ms`); a server's, which announces its resets
 * in seconds, as people say it: `30/min`, `5/s`, `5/10s`.
 */
export function formatRateLimit(spec: RateLimitSpec): string {
  if (spec.unit) return `${spec.limit}/${Number((spec.windowMs / DURATION_UNIT_MS[spec.unit]).toFixed(3))}${spec.unit}`;
  const window =
    ONE_UNIT[spec.windowMs] ?? (spec.windowMs % 1000 === 0 ? `${spec.windowMs / 1000}s` : `${spec.windowMs}ms`);
  return `${spec.limit}/${window}`;
}

/**
 * A cap in words, for a table a person reads: `5 per 10s`, `30 per 60s`, `1000 per 1h` (seconds,
 * to a tenth below 10, up to two minutes; a longer window as a duration).
 */
export function formatRateLimitInWords(spec: RateLimitSpec): string {
  const seconds = spec.windowMs / 1000;
  const window =
    spec.windowMs >= 1000 && spec.windowMs < 120_000
      ? `${Number(seconds.toFixed(seconds < 10 ? 1 : 0))}s`
      : formatDuration(spec.windowMs);
  return `${spec.limit} per ${window}`;
}

export const DEFAULT_RATE_LIMIT: RateLimitSpec = { limit: 30, windowMs: 60_000, unit: 's' };
