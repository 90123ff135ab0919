import { UsageError } from '../errors.js';
import type { RateLimitSpec } from './types.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, '': 1000 };

/** The longest window accepted: a day (anything longer is surely a typo). */
const MAX_WINDOW_MS = 86_400_000;

/**
 * Parses `N/W` with an optional unit on W: `30/60s`, `5/1500ms`, `100/1m`, `30/60` (seconds).
 * The cap and the window must both be positive.
 */
export function parseRateLimit(text: string): RateLimitSpec {
  const m = /^\s*(\d{1,6})\s*\/\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/i.exec(String(text));
  const limit = m ? Number(m[1]) : NaN;
  const windowMs = m ? Math.round(Number(m[2]) * UNIT_MS[(m[3] ?? '').toLowerCase()]!) : NaN;
  if (!m || !(limit >= 1) || !(windowMs >= 1) || windowMs > MAX_WINDOW_MS) {
    throw new UsageError(`invalid rate limit "${text}": use N/Ws, e.g. 30/60s`);
  }
  return { limit, windowMs };
}

/** The canonical text of a spec, e.g. `30/60s` or `5/1500ms` (for `shorty limits` and config). */
export function formatRateLimit(spec: RateLimitSpec): string {
  return spec.windowMs % 1000 === 0 ? `${spec.limit}/${spec.windowMs / 1000}s` : `${spec.limit}/${spec.windowMs}ms`;
}

export const DEFAULT_RATE_LIMIT: RateLimitSpec = { limit: 30, windowMs: 60_000 };
