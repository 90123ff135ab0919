import { UsageError } from '../errors.js';
import { readDuration } from '../util/duration.js';

/** The longest duration a flag takes: a week (a wait past it is not "riding out" anything). */
const MAX_MS = 7 * 86_400_000;

/** `90s`, `30m`, `2h`, `500ms` (a bare number is seconds) in ms, for flags like --max-outage. */
export function parseDuration(value: string, source: string): number {
  const ms = readDuration(value)?.ms;
  if (ms === undefined)
    throw new UsageError(`invalid ${source} "${value}": expected a duration such as 90s, 30m or 2h`);
  if (ms > MAX_MS) throw new UsageError(`invalid ${source} "${value}": at most 7 days (168h)`);
  return ms;
}
