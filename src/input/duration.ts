import { UsageError } from '../errors.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** The longest duration a flag takes: a week (a wait past it is not "riding out" anything). */
const MAX_MS = 7 * 86_400_000;

/** `90s`, `30m`, `2h`, `500ms` (a bare number is seconds) in ms, for flags like --max-outage. */
export function parseDuration(value: string, source: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?$/i.exec(value.trim());
  const ms = match ? Number(match[1]) * UNIT_MS[(match[2] ?? 's').toLowerCase()] : NaN;
  if (!Number.isFinite(ms))
    throw new UsageError(`invalid ${source} "${value}": expected a duration such as 90s, 30m or 2h`);
  if (ms > MAX_MS) throw new UsageError(`invalid ${source} "${value}": at most 7 days (168h)`);
  return Math.round(ms);
}
