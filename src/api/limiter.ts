import type { IO } from '../io.js';
import type { RateState } from './rate-window.js';
import type { Clock } from '../util/sleep.js';

/** What the limiter needs of the run: its clock, and stderr to announce waits on. */
export interface LimiterHost extends Clock {
  io: Pick<IO, 'stderr' | 'stderrIsTTY'>;
}

/**
 * One call's own terms for its waits (a tool call of `shorty mcp`), given with each of its
 * requests: its waits end with its signal, none ends past its deadline, and each is told.
 */
export interface WaitScope {
  /** The call's own stop (its client cancelled it): ends its waits and sends nothing more. */
  signal?: AbortSignal;
  /** The time the call has left (--max-wait is for the whole call): no wait may end past it. */
  timeLeft?(): number;
  /** Told of each wait of 1 s or more, before it starts. */
  onWait?(ms: number): void;
}

/** What the HTTP layer sees of the limiter: every request of every kind passes through one. */
export interface Limiter {
  /** Takes a slot, waiting (announced) when the budget is spent; RateLimitError under --no-wait. */
  acquire(signal: AbortSignal, scope?: WaitScope): Promise<void>;
  /** Once after every attempt: the answer's X-RateLimit-* headers (lower-cased), `{}` when none came. */
  observe(headers: Record<string, string>): Promise<void>;
  /** The server refused a request for its rate limit: every process waits `waitMs` (Retry-After),
   * else until the reset it announced; RateLimitError under --no-wait. */
  backoff(waitMs: number | undefined, signal: AbortSignal, scope?: WaitScope): Promise<void>;
  /** The shared budget as it stands, through this limiter's own store: for a bulk run's estimate. */
  snapshot(): Promise<RateSnapshot>;
  /** Releases files or timers; called once at the end of the run. */
  close?(): Promise<void>;
}

/** The limiter's shared state, and the instant to judge it at (on the store's clock). */
export interface RateSnapshot {
  state: RateState;
  now: number;
}

/** Where the limiter's state is shared: a file per user on one machine, or Redis for a fleet. */
export interface RateStore {
  /** Reads, lets `change` edit the state and writes it back, with no other update in between.
   * `change` may run more than once (Redis redoes an update that lost a race). */
  update<T>(change: (state: RateState) => T, signal?: AbortSignal): Promise<T>;
  /** A snapshot. */
  read(): Promise<RateState>;
  /** What this process's slots are tagged with, and whether their owner may still wait for an
   * answer; default: the pid and a pid check (one machine). */
  readonly owner?: number;
  isOwnerAlive?(owner: number): boolean;
  close?(): Promise<void>;
}
