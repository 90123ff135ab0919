import { RateLimitError } from '../errors.js';
import { formatRateLimit } from '../settings/rate-limit-spec.js';
import { normalizeBaseUrl } from '../settings/base-url.js';
import type { Settings } from '../settings/types.js';
import { isProcessAlive } from '../util/file-lock.js';
import type { Limiter, LimiterHost, RateSnapshot } from './limiter.js';
import type { RateStore } from './rate-store.js';
import { maxInFlightMs, openSharedRateStore } from './rate-store-open.js';
import {
  capsInForce,
  learnFromHeaders,
  MAX_SERVER_WAIT_MS,
  nextSlotAt,
  prune,
  safetyMarginMs,
  settleOrphans,
  type RateState,
  type Slot,
} from './rate-window.js';
import { announceWait } from './wait-notice.js';

/**
 * The limiter every request passes through, shared by all shorty processes of the same user,
 * base URL and key through a state file (see rate-store.ts). The lock is held only for the
 * read-modify-write, never while sleeping; a slot is recorded when taken and completed when the
 * answer arrives.
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

/** An answer as observed: which request, when, and what its headers said. */
interface Answer {
  seq: number | undefined;
  at: number;
  headers: Record<string, string>;
}

/** How long an answer may wait for the next acquire before it is written on its own. */
const FLUSH_AFTER_MS = 20;

/** X-RateLimit-Remaining of 0 or less: the others must not learn it late. */
function announcesBlock(headers: Record<string, string>): boolean {
  const remaining = headers['x-ratelimit-remaining'];
  return remaining !== undefined && remaining.trim() !== '' && Number(remaining) <= 0;
}

/** A timer that does not keep the process alive. */
function unrefTimer(ms: number, run: () => void): NodeJS.Timeout {
  const timer = setTimeout(run, ms);
  timer.unref();
  return timer;
}

export class SharedLimiter implements Limiter {
  private seq = 0;
  /** Our requests still in flight, oldest first (answers are matched to them in order). */
  private readonly inFlight: number[] = [];
  /** Answers not yet written to the shared state. */
  private readonly answers: Answer[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
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

  async acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw signal.reason;
    let announcedUntil = 0;
    // Numbered up front: concurrent acquires of one process must not share a number.
    const seq = ++this.seq;
    for (;;) {
      const { at, waitMs } = await this.store.update((state) => {
        const now = this.catchUp(state);
        const next = nextSlotAt(state, now, this.settings.rateLimit);
        if (next <= now) state.slots.push({ sentAt: now, pid: this.owner, seq });
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

  /**
   * Answers are written to the shared file with the next update (our next acquire, or shortly
   * after when none comes), not one write each: until then the other processes count the request
   * as still in flight, i.e. as happening now, which only ever holds them back more. A server
   * saying its budget is spent is shared at once.
   */
  async observe(headers: Record<string, string>): Promise<void> {
    this.answers.push({ seq: this.inFlight.shift(), at: this.ctx.now(), headers });
    if (announcesBlock(headers)) return this.flush();
    this.flushSoon();
  }

  async backoff(waitMs: number | undefined, signal: AbortSignal): Promise<void> {
    const { until, planned } = await this.store.update((state) => {
      const now = this.catchUp(state);
      const fallback = Math.max(
        state.serverReset?.until ?? 0,
        nextSlotAt(state, now, this.settings.rateLimit),
        now + 1000,
      );
      const target = waitMs !== undefined ? now + Math.min(waitMs, MAX_SERVER_WAIT_MS) : fallback;
      // Shared: the other processes must not hit the wall the server just showed us.
      state.retryUntil = Math.max(state.retryUntil ?? 0, target);
      return { until: target, planned: target - now };
    }, signal);
    if (!this.settings.wait) throw this.noWaitError(until, 'the server refused the request for its rate limit');
    if (planned > 0) await this.sleepUntil(until, planned, 0, signal);
  }

  /** Within one update: our answers are written first, or they would count as requests in flight. */
  async snapshot(): Promise<RateSnapshot> {
    // A copy: the file store keeps this very state object for its next update.
    return this.store.update((state) => ({ now: this.catchUp(state), state: structuredClone(state) }));
  }

  async close(): Promise<void> {
    clearTimeout(this.flushTimer);
    if (this.inFlight.length === 0 && this.answers.length === 0) return this.store.close?.();
    const pending = this.inFlight.splice(0);
    await this.store
      .update((state) => {
        const now = this.catchUp(state);
        for (const seq of pending) this.complete(state, seq, now);
      })
      .catch(() => {});
    await this.store.close?.();
  }

  /** The start of every update: tidies the state and writes our pending answers. */
  private catchUp(state: RateState): number {
    const now = this.tidy(state);
    for (const { seq, at, headers } of this.answers.splice(0)) {
      this.complete(state, seq, at);
      learnFromHeaders(state, headers, at, this.settings.rateLimit);
    }
    return now;
  }

  /** Writes the answers waiting for the next update, when no acquire comes to take them. */
  private flushSoon(): void {
    if (this.flushTimer) return;
    this.flushTimer = unrefTimer(FLUSH_AFTER_MS, () => {
      this.flushTimer = undefined;
      if (this.answers.length > 0) void this.flush().catch(() => {});
    });
  }

  private async flush(): Promise<void> {
    await this.store.update((state) => void this.catchUp(state));
  }

  /** Prunes the state and settles requests of dead processes; returns the current time. */
  private tidy(state: RateState): number {
    const now = this.ctx.now();
    settleOrphans(state, now, (pid) => pid === this.owner || this.isOwnerAlive(pid), maxInFlightMs(this.settings));
    // Only slots that can still count are kept (the state is read and written on every update).
    const windowMs = Math.max(
      ...capsInForce(state, this.settings.rateLimit).map((cap) => cap.windowMs),
      this.settings.rateLimit.windowMs,
    );
    prune(state, now, windowMs + 2 * safetyMarginMs(windowMs));
    return now;
  }

  private complete(state: RateState, seq: number | undefined, now: number): void {
    const mine = (s: Slot) => s.pid === this.owner && s.doneAt === undefined && (seq === undefined || s.seq === seq);
    const slot = state.slots.find(mine);
    if (slot) slot.doneAt = Math.max(now, slot.sentAt);
  }

  /** Sleeps until `until` (Ctrl-C aborts at once), announcing waits of 1 s or more. */
  private async sleepUntil(
    until: number,
    plannedMs: number,
    announcedUntil: number,
    signal: AbortSignal,
  ): Promise<number> {
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
    return new RateLimitError(
      `rate limited: ${why}; the next request is possible in ${shown}s`,
      `drop --no-wait to let shorty wait, or try again later (client cap ${formatRateLimit(this.settings.rateLimit)})`,
    );
  }
}
