// A call on several items (delete, assign, add several links): each item's outcome, as the
// operation yields it, in the result. What fails the whole call (rate limit, time up, network)
// stops it, and its answer says which items were done, so that a retry does only the rest.
import type { ItemOutcome } from '../ops/each.js';
import { withoutError } from '../output/fields.js';
import { type Data, stoppedAfter } from './result.js';

interface ItemResult {
  /** The item as the call named it: an id, or a long URL for a link to create. */
  item: number | string | null;
  ok: boolean;
  message?: string;
  record?: Data;
}

export async function collectOutcomes<T>(
  outcomes: AsyncIterable<ItemOutcome<T>>,
  idOf: (item: T) => number | string | null,
): Promise<Data> {
  const results: ItemResult[] = [];
  try {
    for await (const outcome of outcomes) results.push(resultOf(outcome, idOf));
  } catch (err) {
    throw stoppedAfter(err, summary(results));
  }
  return summary(results);
}

function resultOf<T>(outcome: ItemOutcome<T>, idOf: (item: T) => number | string | null): ItemResult {
  if (!outcome.ok) return { item: idOf(outcome.item), ok: false, message: outcome.error.message };
  const { message, ...record } = withoutError(outcome.answer);
  return {
    item: idOf(outcome.item),
    ok: true,
    ...(typeof message === 'string' ? { message } : {}),
    // A delete or assign answers a message alone: no record to show.
    ...(Object.keys(record).length > 0 ? { record } : {}),
  };
}

function summary(results: ItemResult[]): Data {
  const done = results.filter((r) => r.ok).length;
  return { results, done, failed: results.length - done };
}
