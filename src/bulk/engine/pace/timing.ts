import { capsInForce, lastSlotAt, type RateState } from '../../../api/rate-window.js';
import type { RateLimitSetting, RateLimitSpec } from '../../../settings/types.js';
import { formatRateLimit } from '../../../settings/rate-limit-spec.js';
import { formatDuration, formatEstimate } from '../../../util/duration.js';

/** How long `requests` take at the cap: each costs a 1/limit share of the window. */
export function estimateMs(requests: number, spec: RateLimitSpec): number {
  return (requests * spec.windowMs) / spec.limit;
}

/**
 * How long `writes` requests take from `now` with the budget the shared limiter has left: as many
 * as the window still has room for go out at once (a plan printed after reading the account has
 * spent some), the others as the requests before them age out of the window, under the caps in
 * force (the server's announced cap replaces the default one). `about 3m at 30/60s`, at the
 * slowest cap.
 */
export function writesEstimate(state: RateState, now: number, configured: RateLimitSetting, writes: number): string {
  const slowest = capsInForce(state, configured).reduce((a, b) =>
    b.windowMs / b.limit > a.windowMs / a.limit ? b : a,
  );
  return `${formatEstimate(lastSlotAt(state, now, configured, writes) - now)} at ${formatRateLimit(slowest)}`;
}

/**
 * How many rows are worked on at once: one when the cap spaces requests far apart (so Ctrl-C
 * leaves at most one row to finish), up to four when it is high enough that latency, not the
 * cap, would set the pace.
 */
export function windowSize(spec: RateLimitSpec): number {
  const perSecond = (spec.limit * 1000) / spec.windowMs;
  return Math.min(4, Math.max(1, Math.floor(perSecond / 4)));
}

export type RowStatus = 'ok' | 'error' | 'invalid' | 'skipped' | 'valid';
export type StatusCounts = Record<RowStatus, number>;

export function emptyCounts(): StatusCounts {
  return { ok: 0, valid: 0, skipped: 0, invalid: 0, error: 0 };
}

/**
 * `398 ok, 3 invalid, 1 error in 13m 40s`: ok (or valid in a dry run) always, the others when they
 * occur; `adopted` (of the ok rows, links a lookup found after a lost answer) apart from the ok.
 */
export function summaryLine(
  counts: StatusCounts,
  elapsedMs: number,
  opts: { dryRun?: boolean; adopted?: number } = {},
): string {
  const adopted = opts.adopted ?? 0;
  const parts = [opts.dryRun ? `${counts.valid} valid` : `${counts.ok - adopted} ok`];
  if (adopted) parts.push(`${adopted} adopted (found after a lost answer; --undo leaves them)`);
  if (counts.skipped) parts.push(`${counts.skipped} skipped`);
  if (counts.invalid) parts.push(`${counts.invalid} invalid`);
  if (counts.error) parts.push(`${counts.error} error${counts.error === 1 ? '' : 's'}`);
  return `${parts.join(', ')} in ${formatDuration(elapsedMs)}`;
}
