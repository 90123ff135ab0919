import { NoWaitError } from '../errors.js';
import { normalizeBaseUrl } from '../settings/base-url.js';
import { formatRateLimit } from '../settings/rate-limit-spec.js';
import type { Settings } from '../settings/types.js';
import { formatDuration } from '../util/duration.js';
import { isProcessAlive } from '../util/lock.js';
import type { Limiter, LimiterHost, RateSnapshot, RateStore, WaitScope } from './limiter.js';
import { maxInFlightMs, openSharedRateStore } from './rate-store.js';
import {
  learnFromHeaders,
  MAX_SERVER_WAIT_MS,
  nextSlotAt,
  prune,
  type RateState,
  safetyMarginMs,
  settleOrphans,
} from './rate-window.js';
import { announceWait } from './wait-notice.js';

/**
 * The limiter every request passes through, shared by all shorty processes of the same user,
 * base URL and key through a state file or Redis (see rate-store.ts). Each step is one locked
 * read-modify-write of the shared state: taking a slot, and writing the answer back. The lock is
 * never held while sleeping.
 */
export async function createLimiter(ctx: LimiterHost, settings: Settings): Promise<Limiter> {
  const baseUrl = normalizeBaseUrl(settings.baseUrl ?? '');
  const { store, clockOffsetMs } = await openSharedRateStore(
    settings,
    baseUrl,
    settings.apiKey ?? '',
    () => ctx.now(),
    (line) => void ctx.io.stderr.write(`${line}\n`),
  );
  // On a Redis store the instants are Redis's: every machine's slots on one clock.
  const clock = clockOffsetMs === 0 ? ctx : { ...ctx, now: () => ctx.now() + clockOffsetMs };
  return new SharedLimiter(clock, settings, store);
}

export class SharedLimiter implements Limiter {
  private seq = 0;
  /** Our requests still in flight, oldest first (answers are matched to them in order). */
  private readonly inFlight: number[] = [];
  /** What this process's slots are tagged with: the pid, or the store's id for a fleet. */
  private readonly owner: number;
  private readonly isOwnerAlive: (owner: number) => boolean;

  constructor(
    private readonly ctx: LimiterHost,
    private readonly settings: Settings,
    private readonly store: RateStore,
  ) {
    this.owner = store.owner ?? process.pid;
    this.isOwnerAlive = store.isOwnerAlive?.bind(store) ?? isProcessAlive;
  }

  async acquire(signal: AbortSignal, scope?: WaitScope): Promise<void> {
    if (signal.aborted) throw signal.reason;
    // Numbered up front: concurrent acquires of one process must not share a number.
    const seq = ++this.seq;
    let announcedUntil = 0;
    for (;;) {
      const { at, waitMs } = await this.store.update((state) => {
        const now = this.tidy(state);
        const next = nextSlotAt(state, now, this.settings.rateLimit);
        if (next <= now) state.slots.push({ sentAt: now, pid: this.owner, seq });
        return { at: next, waitMs: next - now };
      }, signal);
      if (waitMs <= 0) {
        this.inFlight.push(seq);
        return;
      }
      if (!this.mayWait(at, scope)) throw this.noWaitError(at, 'the client rate limit is reached');
      announcedUntil = await this.sleepUntil(at, waitMs, announcedUntil, signal, scope);
    }
  }

  /** Writes the answer's time and what its headers teach, for every process to see at once. */
  async observe(headers: Record<string, string>): Promise<void> {
    const seq = this.inFlight.shift();
    const at = this.ctx.now();
    await this.store.update((state) => {
      this.tidy(state);
      this.complete(state, seq, at);
      learnFromHeaders(state, headers, at, this.settings.rateLimit);
    });
  }

  async backoff(waitMs: number | undefined, signal: AbortSignal, scope?: WaitScope): Promise<void> {
    const { until, planned } = await this.store.update((state) => {
      const now = this.tidy(state);
      // No Retry-After: the next slot, which counts an announced reset too, and at least a second.
      const target =
        waitMs !== undefined
          ? now + Math.min(waitMs, MAX_SERVER_WAIT_MS)
          : Math.max(nextSlotAt(state, now, this.settings.rateLimit), now + 1000);
      // Shared: the other processes must not hit the wall the server just showed us.
      state.retryUntil = Math.max(state.retryUntil ?? 0, target);
      return { until: target, planned: target - now };
    }, signal);
    if (!this.mayWait(until, scope)) throw this.noWaitError(until, 'the server refused the request for its rate limit');
    if (planned > 0) await this.sleepUntil(until, planned, 0, signal, scope);
  }

  async snapshot(): Promise<RateSnapshot> {
    // A copy: the store may keep this very state object.
    return this.store.update((state) => ({ now: this.tidy(state), state: structuredClone(state) }));
  }

  async close(): Promise<void> {
    const pending = this.inFlight.splice(0);
    if (pending.length > 0) {
      await this.store
        .update((state) => {
          const now = this.tidy(state);
          for (const seq of pending) this.complete(state, seq, now);
        })
        .catch(() => {});
    }
    await this.store.close?.();
  }

  /** Prunes the state and settles requests of dead processes; returns the current time. */
  private tidy(state: RateState): number {
    const now = this.ctx.now();
    settleOrphans(state, now, (pid) => pid === this.owner || this.isOwnerAlive(pid), maxInFlightMs(this.settings));
    // Only slots that can still count are kept: no cap in force has a window longer than ours.
    const { windowMs } = this.settings.rateLimit;
    prune(state, now, windowMs + 2 * safetyMarginMs(windowMs));
    return now;
  }

  private complete(state: RateState, seq: number | undefined, now: number): void {
    const slot = state.slots.find(
      (s) => s.pid === this.owner && s.doneAt === undefined && (seq === undefined || s.seq === seq),
    );
    if (slot) slot.doneAt = Math.max(now, slot.sentAt);
  }

  /** Sleeps until `until` (Ctrl-C aborts at once), announcing waits of 1 s or more. */
  private async sleepUntil(
    until: number,
    plannedMs: number,
    announcedUntil: number,
    signal: AbortSignal,
    scope: WaitScope | undefined,
  ) {
    // Judged on the wait as decided: the lock round trip since then must not hide a 1 s wait.
    if (plannedMs < 1000 || until - announcedUntil < 1000) {
      await this.ctx.sleep(Math.max(0, until - this.ctx.now()), signal);
      return announcedUntil;
    }
    scope?.onWait?.(until - this.ctx.now());
    await announceWait(this.ctx, until, signal);
    return until;
  }

  /** --no-wait waits for nothing; --max-wait (`mcp`) up to it, and a call's wait not past its deadline. */
  private mayWait(until: number, scope: WaitScope | undefined): boolean {
    const waitMs = until - this.ctx.now();
    const bound = Math.min(
      this.settings.maxWaitMs ?? Number.POSITIVE_INFINITY,
      scope?.timeLeft?.() ?? Number.POSITIVE_INFINITY,
    );
    return this.settings.wait && waitMs <= bound;
  }

  /** The limiter may not wait (--no-wait, or past a call's time limit): no bulk run waits it out either. */
  private noWaitError(until: number, why: string): NoWaitError {
    const waitMs = until - this.ctx.now();
    const cap = `client cap ${formatRateLimit(this.settings.rateLimit)}`;
    const message = `rate limited: ${why}; the next request is possible in ${formatDuration(waitMs)}`;
    const hint = this.settings.wait
      ? `try again in ${Math.ceil(waitMs / 1000)} s (${cap})`
      : `drop --no-wait to let shorty wait, or try again later (${cap})`;
    return new NoWaitError(message, hint, waitMs);
  }
}
