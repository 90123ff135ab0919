import type { RateState } from './rate-window.js';

/**
 * Slots taken ahead, in the same update of the shared file as the one asked for, for the requests
 * about to follow: with room to spare, one lock-read-write cycle then serves several requests.
 * The other processes see reserved slots as requests in flight (counted as happening now), so
 * they can never overrun the cap because of them. A reserved slot is used only while fresh (long
 * before anyone could take it for an orphan) and while the server shows room for it; otherwise it
 * is given back at the next update.
 */

/** A reserved slot older than this is given back instead of used. */
export const RESERVED_TTL_MS = 200;
const MAX_EXTRA = 7;

interface Token {
  seq: number;
  at: number;
}

export class SlotReserve {
  private tokens: Token[] = [];
  private released: number[] = [];
  /** The cap the tokens were taken under: a lower one announced since voids them. */
  private limit = 0;

  get size(): number {
    return this.tokens.length;
  }

  /** Anything taken ahead still to use or to give back. */
  get holding(): boolean {
    return this.tokens.length > 0 || this.released.length > 0;
  }

  /** How many slots to take ahead: a quarter of the free room at most, and only as demand grows
   * (`acquires` so far), so a one-request command never takes more than its own. */
  static extra(room: number, acquires: number): number {
    return Math.max(0, Math.min(MAX_EXTRA, Math.floor((room - 1) / 4), acquires - 1));
  }

  add(seqs: number[], at: number, limit: number): void {
    this.tokens.push(...seqs.map((seq) => ({ seq, at })));
    this.limit = limit;
  }

  /** A fresh reserved slot's number, or undefined (stale ones are set aside for release). */
  take(now: number): number | undefined {
    while (this.tokens.length > 0) {
      const token = this.tokens.shift()!;
      if (now - token.at < RESERVED_TTL_MS) return token.seq;
      this.released.push(token.seq);
    }
    return undefined;
  }

  /** Sets stale tokens aside for release; true when some slot is waiting to be given back. */
  dropStale(now: number): boolean {
    const stale = this.tokens.filter((t) => now - t.at >= RESERVED_TTL_MS);
    if (stale.length > 0) {
      this.tokens = this.tokens.filter((t) => now - t.at < RESERVED_TTL_MS);
      this.released.push(...stale.map((t) => t.seq));
    }
    return this.released.length > 0;
  }

  /** Gives every reserved slot back (a refusal, a block, the end of the run). */
  dropAll(): void {
    this.released.push(...this.tokens.map((t) => t.seq));
    this.tokens = [];
  }

  /** After an answer: keeps the tokens only while the server's headers show room for them. */
  check(headers: Record<string, string>, inFlight: number): void {
    if (this.tokens.length === 0) return;
    const remaining = headerNumber(headers['x-ratelimit-remaining']);
    const limit = headerNumber(headers['x-ratelimit-limit']);
    const noRoom = remaining !== undefined && remaining <= this.tokens.length + inFlight;
    if (noRoom || (limit !== undefined && limit < this.limit)) this.dropAll();
  }

  /** Removes the given-back slots from the shared state (inside an update). */
  releaseInto(state: RateState, pid: number): void {
    if (this.released.length === 0) return;
    const seqs = new Set(this.released.splice(0));
    state.slots = state.slots.filter((s) => !(s.pid === pid && s.doneAt === undefined && seqs.has(s.seq)));
  }
}

function headerNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
