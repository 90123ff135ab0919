import type { RateLimitSetting, RateLimitSpec } from '../settings/types.js';

// The pure half of the limiter: the shared state, the sliding-window arithmetic and what the
// server's X-RateLimit-* headers teach. No clock, no files: `now` is always passed in.

/** One request. The server saw it between `sentAt` and `doneAt` (its answer): spacing new requests
 * from `doneAt` keeps latency jitter from squeezing cap+1 requests into one server window. */
interface Slot {
  sentAt: number;
  doneAt?: number;
  pid: number;
  seq: number;
}

export interface RateState {
  slots: Slot[];
  /** X-RateLimit-Limit as last seen: it replaces a default cap for this server, lowers an explicit one. */
  serverLimit?: number;
  /** The longest time-to-reset ever announced: an estimate of the server's window. */
  serverWindowMs?: number;
  /** X-RateLimit-Remaining <= 0 (and our own log did not see it coming): nobody sends before `until`. */
  serverReset?: { until: number };
  /** The server refused a request: nobody sends before this. */
  retryUntil?: number;
}

export interface EffectiveLimit extends RateLimitSpec {
  source: 'configured' | 'server';
}

export function emptyState(): RateState {
  return { slots: [] };
}

/** Tolerates any file content: garbage becomes an empty state, bad slots are dropped. */
export function sanitizeState(raw: unknown): RateState {
  const r = (raw ?? {}) as Record<string, unknown>;
  const slots = Array.isArray(r.slots) ? r.slots.filter(isSlot) : [];
  const state: RateState = { slots };
  // Bounded as the headers they came from are: a file written by an older version may hold 1e308.
  if (isServerLimit(r.serverLimit)) state.serverLimit = r.serverLimit;
  if (isPositive(r.serverWindowMs) && r.serverWindowMs <= MAX_SERVER_WAIT_MS) state.serverWindowMs = r.serverWindowMs;
  const reset = r.serverReset as RateState['serverReset'];
  if (reset && isPositive(reset.until)) state.serverReset = { until: reset.until };
  if (isPositive(r.retryUntil)) state.retryUntil = r.retryUntil;
  return state;
}

/** The state in a file's or Redis's text: anything that is not JSON is an empty state. */
export function parseState(text: string): RateState {
  try {
    return sanitizeState(JSON.parse(text));
  } catch {
    return emptyState();
  }
}

function isPositive(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0;
}

function isSlot(v: unknown): v is Slot {
  const s = v as Slot;
  return (
    !!s &&
    isPositive(s.sentAt) &&
    typeof s.pid === 'number' &&
    typeof s.seq === 'number' &&
    (s.doneAt === undefined || isPositive(s.doneAt))
  );
}

/** A few ms so that ms rounding and a server counting `>=` rather than `>` can't matter. */
export function safetyMarginMs(windowMs: number): number {
  return Math.min(25, Math.max(5, Math.round(windowMs / 200)));
}

/**
 * The cap the server announced, and its window when the resets show it shorter than ours: by more
 * than a second, as a reset in whole seconds can't tell a 60 s window from one 6 ms shorter. So a
 * learnt window is taken in whole seconds, as the resets announced it (`5/10s`, not `5/9819ms`);
 * it has no unit of the user's, so it is shown as a server's cap is (`30/min`).
 */
function serverCap(state: RateState, configured: RateLimitSetting): EffectiveLimit | undefined {
  if (!state.serverLimit) return undefined;
  const learnt = state.serverWindowMs ?? configured.windowMs;
  if (learnt >= configured.windowMs - 1000)
    return { limit: state.serverLimit, windowMs: configured.windowMs, source: 'server' };
  return { limit: state.serverLimit, windowMs: Math.max(1000, Math.round(learnt / 1000) * 1000), source: 'server' };
}

/**
 * Every cap a new request must fit under. The server's cap replaces the default one, up or down
 * (contract). A cap the user set is a ceiling: the server's may lower it, never raise it, so both
 * hold at once, unless one implies the other (the server's window is never longer than ours, so
 * our cap within it implies the server's whenever ours is the smaller count).
 */
export function capsInForce(state: RateState, configured: RateLimitSetting): EffectiveLimit[] {
  const own: EffectiveLimit = {
    limit: configured.limit,
    windowMs: configured.windowMs,
    unit: configured.unit,
    source: 'configured',
  };
  const server = serverCap(state, configured);
  if (!server) return [own];
  if (!configured.setBy) return [server];
  if (own.limit <= server.limit) return [own];
  return server.windowMs === own.windowMs ? [server] : [server, own];
}

/** A request still in flight counts as happening now. */
function slotTime(slot: Slot, now: number): number {
  return slot.doneAt ?? Math.max(now, slot.sentAt);
}

/** Slots that still count at `now`, oldest first. */
function slotsInWindow(state: RateState, now: number, windowMs: number): number[] {
  const from = now - windowMs - safetyMarginMs(windowMs);
  return state.slots
    .map((s) => slotTime(s, now))
    .filter((t) => t > from)
    .sort((a, b) => a - b);
}

/**
 * When the last of `count` more requests may be sent, each going the moment the limiter allows
 * it (answers taken as instant), each one sent counting against those after it: for count 1, the
 * next slot. A sliding window frees room only as its oldest requests age out, so a run just past
 * the room waits for a whole window, not for a share of it. `blocks`: the server's too, not only
 * our own log.
 */
export function lastSlotAt(state: RateState, now: number, configured: RateLimitSetting, count: number, blocks = true) {
  let at = blocks ? Math.max(now, blockUntil(state.retryUntil, now), blockUntil(state.serverReset?.until, now)) : now;
  const caps = capsInForce(state, configured).map(({ limit, windowMs }) => ({
    limit,
    before: slotsInWindow(state, now, windowMs),
    hold: windowMs + safetyMarginMs(windowMs) + 1,
  }));
  const sent: number[] = [];
  for (let k = 0; k < count; k += 1) {
    for (const { limit, before, hold } of caps) {
      // The request that must have aged out first: `limit` back in the log, this one included.
      const back = before.length + k - limit;
      if (back >= 0) at = Math.max(at, (back < before.length ? before[back]! : sent[back - before.length]!) + hold);
    }
    sent.push(at);
  }
  return at;
}

/** The earliest moment (>= now) a new request may be sent: our log and the server's blocks. */
export function nextSlotAt(state: RateState, now: number, configured: RateLimitSetting): number {
  return lastSlotAt(state, now, configured, 1);
}

/**
 * The longest wait a server is trusted for (Retry-After, X-RateLimit-Reset): a day. A longer one
 * is a server fault (`Retry-After: 1000000000` is 31 years): it is reported, never stored.
 */
export const MAX_SERVER_WAIT_MS = 86_400_000;

/** A block counts only within that bound: a state written by hand must not hold us back for years. */
function blockUntil(until: number | undefined, now: number): number {
  return until !== undefined && until - now <= MAX_SERVER_WAIT_MS ? until : 0;
}

/** X-RateLimit-Reset as an instant: epoch milliseconds, epoch seconds or seconds from now
 * (or an HTTP date). `slackMs` is its precision. */
export function parseReset(value: string | undefined, now: number): { at: number; slackMs: number } | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value.trim());
  if (!Number.isFinite(n)) {
    const date = Date.parse(value);
    return Number.isFinite(date) ? { at: date, slackMs: 1000 } : undefined;
  }
  if (n < 0) return undefined;
  if (n >= 1e12) return { at: Math.round(n), slackMs: 0 };
  const wholeSeconds = Number.isInteger(n) ? 1000 : 0;
  if (n >= 1e9) return { at: Math.round(n * 1000), slackMs: wholeSeconds };
  return { at: now + Math.round(n * 1000), slackMs: wholeSeconds };
}

/**
 * The most requests a server is believed to allow in a window. A larger X-RateLimit-Limit is a
 * server fault (1e308 would turn pacing off for that server for good): ignored, never stored.
 */
const MAX_SERVER_LIMIT = 10_000;

function isServerLimit(v: unknown): v is number {
  return Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_SERVER_LIMIT;
}

/** X-RateLimit-Limit or -Remaining: a whole number within ±MAX_SERVER_LIMIT (older servers send -1 for a spent budget). */
function headerCount(value: string | undefined): number | undefined {
  const n = /^\s*-?\d{1,6}\s*$/.test(value ?? '') ? Number(value) : Number.NaN;
  return Math.abs(n) <= MAX_SERVER_LIMIT ? n : undefined;
}

/** Learns the server's cap, window and spent budget from one answer's headers; a value out of bounds is ignored. */
export function learnFromHeaders(
  state: RateState,
  headers: Record<string, string>,
  now: number,
  configured: RateLimitSetting,
): void {
  const limit = headerCount(headers['x-ratelimit-limit']);
  const knowsLimit = isServerLimit(limit);
  if (knowsLimit) state.serverLimit = limit;
  const reset = parseReset(headers['x-ratelimit-reset'], now);
  if (!reset || reset.at - now > MAX_SERVER_WAIT_MS) return;
  if (knowsLimit && reset.at > now) {
    state.serverWindowMs = Math.max(state.serverWindowMs ?? 0, reset.at - now);
  }
  const remaining = headerCount(headers['x-ratelimit-remaining']);
  if (remaining !== undefined && remaining <= 0 && reset.at > now && !ownLogAgrees(state, now, configured, reset)) {
    state.serverReset = { until: Math.max(reset.at, state.serverReset?.until ?? 0) };
  }
}

/**
 * The server says its budget is spent. When our own log is full too and already holds us back
 * to within the reset's rounding (whole seconds), the log is the more precise of the two: a
 * reset rounded up would cost up to a second per window. Otherwise (another client on this key,
 * a window longer than we think) the server is right.
 */
function ownLogAgrees(
  state: RateState,
  now: number,
  configured: RateLimitSetting,
  reset: { at: number; slackMs: number },
): boolean {
  const local = lastSlotAt(state, now, configured, 1, false);
  return local > now && local >= reset.at - reset.slackMs;
}

/**
 * Forgets what no longer matters: old slots, passed blocks, and slots dated later than `keepMs`
 * from now. No request can be sent in the future: those were written while a clock was ahead (it
 * was stepped back since, or another machine's is wrong), and kept they would hold every later
 * run back until that clock's time comes.
 */
export function prune(state: RateState, now: number, keepMs: number): void {
  const from = now - keepMs;
  const until = now + keepMs;
  state.slots = state.slots.filter((s) => slotTime(s, now) > from && Math.max(s.sentAt, s.doneAt ?? 0) <= until);
  if (state.serverReset && blockUntil(state.serverReset.until, now) <= now) delete state.serverReset;
  if (state.retryUntil && blockUntil(state.retryUntil, now) <= now) delete state.retryUntil;
}

/** A request whose process died (or that outlived any timeout) can't still be in flight. */
export function settleOrphans(
  state: RateState,
  now: number,
  isAlive: (pid: number) => boolean,
  maxInFlightMs: number,
): void {
  const alive = new Map<number, boolean>();
  for (const slot of state.slots) {
    if (slot.doneAt !== undefined) continue;
    if (now - slot.sentAt > maxInFlightMs) {
      slot.doneAt = slot.sentAt + maxInFlightMs;
      continue;
    }
    if (!alive.has(slot.pid)) alive.set(slot.pid, isAlive(slot.pid));
    if (!alive.get(slot.pid)) slot.doneAt = Math.max(now, slot.sentAt);
  }
}

/** The local budget, for `shorty limits`. `limit` is the cap in force: with an explicit ceiling
 * beside the server's cap, the one with less room left. */
export function budget(state: RateState, now: number, configured: RateLimitSetting) {
  const caps = capsInForce(state, configured).map((cap) => {
    const times = slotsInWindow(state, now, cap.windowMs);
    const freesAt = times.length ? times[times.length - 1]! + cap.windowMs + safetyMarginMs(cap.windowMs) : now;
    return { cap, used: times.length, room: cap.limit - times.length, freesAt };
  });
  const binding = caps.reduce((a, b) => (b.room < a.room ? b : a));
  const nextAt = nextSlotAt(state, now, configured);
  return {
    limit: binding.cap,
    server: serverCap(state, configured),
    used: binding.used,
    // A block announced by the server spends the whole budget, whatever our own log says.
    remaining: nextAt > now ? 0 : Math.max(0, binding.room),
    nextInMs: nextAt - now,
    resetsInMs: Math.max(0, nextAt - now, ...caps.map((c) => c.freesAt - now)),
  };
}
