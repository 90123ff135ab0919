import type { IO } from '../io.js';
import type { RateState } from './rate-window.js';
import type { Clock } from '../util/sleep.js';

/** What the limiter needs of the run: its clock, and stderr to announce waits on. */
export interface LimiterHost extends Clock {
  io: Pick<IO, 'stderr' | 'stderrIsTTY'>;
}

/**
 * The contract between the HTTP layer and the rate limiter (rate-limit.ts implements it).
 * Every request of every kind (modern, legacy, `shorty api`) passes through one Limiter.
 */
export interface Limiter {
  /** Takes a slot, waiting (announced on stderr) when the budget is spent. Throws RateLimitError
   * under --no-wait and the abort reason (CancelError) when aborted. */
  acquire(signal: AbortSignal): Promise<void>;
  /** Called once after every attempt: learns from the response's X-RateLimit-* headers
   * (lower-cased names), or gets `{}` when no response came (network error). */
  observe(headers: Record<string, string>): Promise<void>;
  /** The server rejected a request for the rate limit: wait `waitMs` (or, when the server gave
   * no Retry-After, until the reset it announced; shared with other
   * processes), announced; RateLimitError under --no-wait. */
  backoff(waitMs: number | undefined, signal: AbortSignal): Promise<void>;
  /** The shared budget as it stands, read through this limiter's own store (no second one is
   * opened): for an estimate before a bulk run, which must count what other runs just spent. */
  snapshot(): Promise<RateSnapshot>;
  /** Releases files or timers; called once at the end of the run. */
  close?(): Promise<void>;
}

/** The limiter's shared state, and the instant to judge it at (on the store's clock). */
export interface RateSnapshot {
  state: RateState;
  now: number;
}
