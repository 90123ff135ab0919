export interface WindowOptions {
  /** How many items may be worked on at once (at least 1). */
  size: number;
  /** Checked before each new item is taken: true stops taking items; those started still finish. */
  stopped?: () => boolean;
}

/**
 * Runs `work` on up to `size` items at once and yields the results in input order, so a slow row
 * holds back the output but not the work behind it. Only `size` items are ever held, whatever the
 * length of the input. A rejected work item rethrows when its turn to be yielded comes.
 */
export async function* orderedWindow<T, R>(
  source: AsyncIterable<T> | Iterable<T>,
  work: (item: T) => Promise<R>,
  opts: WindowOptions,
): AsyncGenerator<R> {
  const size = Math.max(1, Math.floor(opts.size));
  const iterator = (Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]()) as
    | AsyncIterator<T>
    | Iterator<T>;
  const pending: Promise<R>[] = [];
  let exhausted = false;
  try {
    for (;;) {
      while (!exhausted && pending.length < size && !opts.stopped?.()) {
        const next = await iterator.next();
        if (next.done) exhausted = true;
        else pending.push(started(work, next.value));
      }
      const head = pending.shift();
      if (!head) return;
      yield await head;
    }
  } finally {
    // Whatever ends the loop (done, stopped, an error, the consumer leaving), let the started
    // work settle: a request on the wire is never abandoned mid-way.
    await Promise.allSettled(pending);
    if (!exhausted) await iterator.return?.();
  }
}

/** Starts the work now; a rejection is kept for its turn instead of surfacing as unhandled. */
function started<T, R>(work: (item: T) => Promise<R>, item: T): Promise<R> {
  const promise = Promise.resolve().then(() => work(item));
  promise.catch(() => {});
  return promise;
}
