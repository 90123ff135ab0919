// Work on several items (delete, assign, add several links): one request each, in order, each
// item's outcome yielded as it comes. What fails for one item (the server refused it) is that
// item's outcome and the others go on; what fails the whole run (rate limit, network, key) is
// thrown, since the next item would meet it too.
import { type ApiError, isItemFailure } from '../errors.js';
import type { Row } from '../output/fields.js';

export type ItemOutcome<T> = { item: T; ok: true; answer: Row } | { item: T; ok: false; error: ApiError };

export async function* eachOutcome<T>(
  items: readonly T[],
  send: (item: T) => Promise<Row>,
): AsyncGenerator<ItemOutcome<T>> {
  for (const item of items) {
    let answer: Row;
    try {
      answer = await send(item);
    } catch (err) {
      if (!isItemFailure(err)) throw err;
      yield { item, ok: false, error: err };
      continue;
    }
    yield { item, ok: true, answer };
  }
}

/**
 * The deletion both doors send once they have the ids (and, where a door asks, the user's yes):
 * one DELETE each, each id once, each outcome as it comes.
 */
export async function* deleteEach(
  api: { call(method: 'DELETE', path: string): Promise<Row> },
  ids: readonly number[],
  path: (id: number) => string,
): AsyncGenerator<ItemOutcome<number>> {
  yield* eachOutcome(distinct(ids), (id) => api.call('DELETE', path(id)));
}

/**
 * Each id once, in the order first given: an item named twice (`rm 4 4`, an alias and its id,
 * ids from a list with repeats) would otherwise be sent twice and its second answer, "does not
 * exist", would fail a run whose work was done.
 */
export function distinct(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** `1 link`, `3 links`, `2 QR codes`: a count as a sentence says it. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
