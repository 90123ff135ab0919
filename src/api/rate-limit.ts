import type { Context } from '../context.js';
import { RateLimitError } from '../errors.js';
import { formatRateLimit } from '../input/rate-limit-spec.js';
import type { Settings } from '../settings/types.js';
import { normalizeBaseUrl } from './connection.js';
import { isProcessAlive } from './file-lock.js';
import type { Limiter } from './limiter.js';
import { openRateStore, rateStatePath, type RateStore } from './rate-store.js';
import { effectiveLimit, learnFromHeaders, nextSlotAt, prune, settleOrphans, type RateState, type Slot } from './rate-window.js';
import { announceWait } from './wait-notice.js';

/**
 * The limiter every request passes through, shared by all shorty processes of the same user,
 * base URL and key through a state file (see rate-store.ts). The lock is held only for the
 * read-modify-write, never while sleeping; a slot is recorded when taken and completed when the
 * answer arrives.
 */
export async function createLimiter(ctx: Context, settings: Settings): Promise<Limiter> {
  const path = rateStatePath(settings.configDir, normalizeBaseUrl(settings.baseUrl ?? ''), settings.apiKey ?? '');
  return new SharedLimiter(ctx, settings, openRateStore(path));
}

/** No request can be in flight longer than its timeout; a little more for the slowest clocks. */
function maxInFlightMs(settings: Settings): number {
  return settings.timeoutMs + 5000;
}

export class SharedLimiter implements Limiter {
  private seq = 0;
  /** Our requests still in flight, oldest first (answers are matched to them in order). */
  private readonly inFlight: number[] = [];

  constructor(
    private readonly ctx: Context,
    private readonly settings: Settings,
    private readonly store: RateStore,
  ) {}

  async acquire(signal: AbortSignal): Promise<void> {
    let announcedUntil = 0;
    // Numbered up front: concurrent acquires of one process must not share a number.
    const seq = ++this.seq;
    for (;;) {
      const { at, waitMs } = await this.store.update((state) => {
        const now = this.tidy(state);
        const next = nextSlotAt(state, now, this.settings.rateLimit);
        if (next <= now) state.slots.push({ sentAt: now, pid: process.pid, seq });
        return { at: next, waitMs: next - now };
      }, signal);
      if (waitMs <= 0) {
        this.inFlight.push(seq);
        return;
      }
      if (!this.settings.wait) throw this.noWaitError(at, 'the client rate limit is reached');
      announcedUntil = await this.sleepUntil(at, waitMs, announcedUntil, signal);
    }
  }

  async observe(headers: Record<string, string>): Promise<void> {
    const seq = this.inFlight.shift();
    await this.store.update((state) => {
      const now = this.tidy(state);
      this.complete(state, seq, now);
      learnFromHeaders(state, headers, now, this.settings.rateLimit);
    });
  }

  async backoff(waitMs: number | undefined, signal: AbortSignal): Promise<void> {
    const { until, planned } = await this.store.update((state) => {
      const now = this.tidy(state);
      const fallback = Math.max(state.serverReset?.until ?? 0, nextSlotAt(state, now, this.settings.rateLimit), now + 1000);
      const target = waitMs !== undefined ? now + waitMs : fallback;
      // Shared: the other processes must not hit the wall the server just showed us.
      state.retryUntil = Math.max(state.retryUntil ?? 0, target);
      return { until: target, planned: target - now };
    }, signal);
    if (!this.settings.wait) throw this.noWaitError(until, 'the server refused the request for its rate limit');
    if (planned > 0) await this.sleepUntil(until, planned, 0, signal);
  }

  async close(): Promise<void> {
    if (this.inFlight.length === 0) return;
    const pending = this.inFlight.splice(0);
    await this.store.update((state) => {
      const now = this.ctx.now();
      for (const seq of pending) this.complete(state, seq, now);
    }).catch(() => {});
  }

  /** Prunes the state and settles requests of dead processes; returns the current time. */
  private tidy(state: RateState): number {
    const now = this.ctx.now();
    settleOrphans(state, now, (pid) => pid === process.pid || isProcessAlive(pid), maxInFlightMs(this.settings));
    const { windowMs } = effectiveLimit(state, this.settings.rateLimit);
    prune(state, now, Math.max(windowMs, this.settings.rateLimit.windowMs) + 1000);
    return now;
  }

  private complete(state: RateState, seq: number | undefined, now: number): void {
    const mine = (s: Slot) => s.pid === process.pid && s.doneAt === undefined && (seq === undefined || s.seq === seq);
    const slot = state.slots.find(mine);
    if (slot) slot.doneAt = Math.max(now, slot.sentAt);
  }

  /** Sleeps until `until` (Ctrl-C aborts at once), announcing waits of 1 s or more. */
  private async sleepUntil(until: number, plannedMs: number, announcedUntil: number, signal: AbortSignal): Promise<number> {
    // Judged on the wait as decided: the lock round trip since then must not hide a 1 s wait.
    const worthSaying = plannedMs >= 1000 && until - announcedUntil >= 1000;
    if (!worthSaying) {
      await this.ctx.sleep(Math.max(0, until - this.ctx.now()), signal);
      return announcedUntil;
    }
    await announceWait(this.ctx, until, signal);
    return until;
  }

  private noWaitError(until: number, why: string): RateLimitError {
    const seconds = Math.max(0.1, (until - this.ctx.now()) / 1000);
    const shown = seconds < 10 ? seconds.toFixed(1) : String(Math.ceil(seconds));
    return new RateLimitError(`rate limited: ${why}; the next request is possible in ${shown}s`,
      `drop --no-wait to let shorty wait, or try again later (client cap ${formatRateLimit(this.settings.rateLimit)})`);
  }
}
