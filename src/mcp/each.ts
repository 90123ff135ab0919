// A call on several items (delete, assign, add several links): each item's outcome, as the
// operation yields it, in the result.
import type { ItemOutcome } from '../ops/each.js';
import { withoutError } from '../output/fields.js';
import type { Data } from './result.js';

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
  for await (const outcome of outcomes) {
    if (!outcome.ok) {
      results.push({ item: idOf(outcome.item), ok: false, message: outcome.error.message });
      continue;
    }
    const { message, ...record } = withoutError(outcome.answer);
    results.push({
      item: idOf(outcome.item),
      ok: true,
      ...(typeof message === 'string' ? { message } : {}),
      // A delete or assign answers a message alone: no record to show.
      ...(Object.keys(record).length > 0 ? { record } : {}),
    });
  }
  const done = results.filter((r) => r.ok).length;
  return { results, done, failed: results.length - done };
}
