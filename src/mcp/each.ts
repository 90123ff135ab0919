// A call on several items (delete, assign, add several links): one request each, in order, and
// each item's outcome in the result. What fails for one item (the server refused it) is reported
// with it and the others go on; what fails the whole call (rate limit, network, key) stops it.
import { isItemFailure } from '../errors.js';
import { distinct } from '../commands/shared/each.js';
import { withoutError } from '../output/fields.js';
import { type Data, stoppedAfter } from './result.js';

interface ItemOutcome {
  /** The item as the call named it: an id, or a long URL for a link to create. */
  item: number | string | null;
  ok: boolean;
  message?: string;
  record?: Data;
}

export async function eachOutcome<T>(
  items: readonly T[],
  idOf: (item: T) => number | string | null,
  send: (item: T) => Promise<Data>,
): Promise<Data> {
  const results: ItemOutcome[] = [];
  for (const item of items) {
    try {
      const { message, ...record } = withoutError(await send(item));
      results.push({
        item: idOf(item),
        ok: true,
        ...(typeof message === 'string' ? { message } : {}),
        // A delete or assign answers a message alone: no record to show.
        ...(Object.keys(record).length > 0 ? { record } : {}),
      });
    } catch (err) {
      // The call stops (rate limit, time up, network): its answer says which items were done.
      if (!isItemFailure(err)) throw stoppedAfter(err, summary(results));
      results.push({ item: idOf(item), ok: false, message: err.message });
    }
  }
  return summary(results);
}

function summary(results: ItemOutcome[]): Data {
  const done = results.filter((r) => r.ok).length;
  return { results, done, failed: results.length - done };
}

/** One request per id, each id once (see distinct). */
export function eachId(ids: readonly number[], send: (id: number) => Promise<Data>): Promise<Data> {
  return eachOutcome(distinct(ids), (id) => id, send);
}
