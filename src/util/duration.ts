/** The units a duration is written in: `ms`, `s`, `m` or `min`, `h`; a bare number is seconds. */
export type DurationUnit = 'ms' | 's' | 'm' | 'min' | 'h';

export const DURATION_UNIT_MS: Record<DurationUnit, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/**
 * The one reading of a written duration (`90s`, `30m`, `2h`, `500ms`, `1.5s`, `60`: seconds), for
 * flags and for a rate limit's window: its milliseconds and the unit it was written in, so it can
 * be shown again as it was written. Undefined when it is not a duration; callers word the error.
 */
export function readDuration(text: string): { ms: number; unit: DurationUnit } | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|min|m|h)?$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = (match[2]?.toLowerCase() ?? 's') as DurationUnit;
  return { ms: Math.round(Number(match[1]) * DURATION_UNIT_MS[unit]), unit };
}

/**
 * The one way shorty writes a duration, from elapsed times to waits and estimates: `400ms`,
 * `2.4s`, `45s`, `1m 05s`, `30m`, `1h 02m`, `2h`. Below a minute it is seconds (tenths under 10 s,
 * milliseconds under 1 s); above, minutes and seconds, or hours and minutes, a zero last unit left
 * out. `whole` rounds to whole seconds first: for a wait or a time left, an estimate anyway.
 */
export function formatDuration(ms: number, opts: { whole?: boolean } = {}): string {
  const exact = Math.max(0, ms);
  if (!opts.whole && exact < 1000) return `${Math.round(exact)}ms`;
  if (!opts.whole && exact < 10_000) return `${Number((exact / 1000).toFixed(1))}s`;
  const seconds = Math.round(exact / 1000);
  if (seconds < 60) return `${seconds}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds < 3600) {
    const [m, s] = [Math.floor(seconds / 60), seconds % 60];
    return s === 0 ? `${m}m` : `${m}m ${pad(s)}s`;
  }
  const minutes = Math.floor(seconds / 60);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return m === 0 ? `${h}h` : `${h}h ${pad(m)}m`;
}

/** `about 14m`, `about 40s`, `about 2h 05m`: a duration rounded for a person deciding whether to wait. */
export function formatEstimate(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 1) return 'under a second';
  if (seconds < 90) return `about ${seconds}s`;
  return `about ${formatDuration(Math.round(seconds / 60) * 60_000, { whole: true })}`;
}
