// Server-side rate limit: a FIXED window per API key. The window opens with the key's first
// request and lasts `windowMs`; past `limit` requests the answer is rejected until it ends.
// Every key presented (even a wrong one) has its own bucket, so every /api answer, 403s
// included, carries the three X-RateLimit-* headers.

export interface RateLimitSpec {
  limit: number;
  windowMs: number;
  /** `off`: like a deployed server whose cache is disabled, no X-RateLimit-* headers and no cap. */
  off?: boolean;
}

export const DEFAULT_RATE_LIMIT = '30/60s';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `N/W[unit]`: `30/60s`, `5/1s`, `100/500ms`, `30/1m`, `30/60` (seconds), `30/s`. */
export function parseRateLimit(text: string): RateLimitSpec {
  if (/^\s*off\s*$/i.test(text)) return { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000, off: true };
  const m = /^\s*(\d+)\s*\/\s*(\d*(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(text);
  const limit = m ? Number(m[1]) : NaN;
  const amount = m ? (m[2] === '' ? 1 : Number(m[2])) : NaN;
  const windowMs = m ? Math.round(amount * UNIT_MS[(m[3] ?? 's').toLowerCase()]) : NaN;
  if (!Number.isSafeInteger(limit) || limit < 1 || !Number.isFinite(windowMs) || windowMs < 1) {
    throw new Error(`invalid rate limit "${text}": expected REQUESTS/WINDOW such as 30/60s, 5/1s or 100/500ms, or off`);
  }
  return { limit, windowMs };
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
  /** whole seconds until the window ends, at least 1 */
  retryAfter: number;
}

interface Bucket {
  windowEnd: number;
  count: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly spec: RateLimitSpec,
    private readonly now: () => number = Date.now,
    /** X-RateLimit-Remaining after the window's `count`-th request */
    private readonly remaining: (limit: number, count: number) => number = (limit, count) => Math.max(0, limit - count),
  ) {}

  /** Counts one request (rejected ones count too) and says whether it may proceed. */
  take(key: string): RateDecision {
    if (this.spec.off) return { allowed: true, retryAfter: 1, headers: {} };
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket || now >= bucket.windowEnd) {
      if (this.buckets.size > 10_000) this.pruneExpired(now); // random wrong keys must not grow it forever
      bucket = { windowEnd: now + this.spec.windowMs, count: 0 };
      this.buckets.set(key, bucket);
    }
    bucket.count++;
    return {
      allowed: bucket.count <= this.spec.limit,
      retryAfter: Math.max(1, Math.ceil((bucket.windowEnd - now) / 1000)),
      headers: {
        'X-RateLimit-Limit': String(this.spec.limit),
        'X-RateLimit-Remaining': String(this.remaining(this.spec.limit, bucket.count)),
        'X-RateLimit-Reset': String(Math.ceil(bucket.windowEnd / 1000)),
      },
    };
  }

  private pruneExpired(now: number): void {
    for (const [key, b] of this.buckets) if (now >= b.windowEnd) this.buckets.delete(key);
  }

  clear(): void {
    this.buckets.clear();
  }
}
