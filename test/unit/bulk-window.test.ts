import { describe, expect, test } from 'vitest';
import { orderedWindow } from '../../src/bulk/engine/pace/ordered-window.js';

/** A work item whose completion the test controls. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('orderedWindow', () => {
  test('results come out in input order whatever order the work finishes in', async () => {
    const gates = [0, 1, 2, 3, 4].map(() => deferred<void>());
    const finishOrder = [3, 1, 4, 0, 2];
    const run = collect(
      orderedWindow(
        [0, 1, 2, 3, 4],
        async (i) => {
          await gates[i].promise;
          return i * 10;
        },
        { size: 5 },
      ),
    );
    for (const i of finishOrder) {
      gates[i].resolve();
      await new Promise((r) => setImmediate(r));
    }
    expect(await run).toEqual([0, 10, 20, 30, 40]);
  });

  test('never more than `size` items in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await collect(
      orderedWindow(
        Array.from({ length: 20 }, (_, i) => i),
        async (i) => {
          inFlight += 1;
          peak = Math.max(peak, inFlight);
          await new Promise((r) => setTimeout(r, (i * 7) % 5));
          inFlight -= 1;
          return i;
        },
        { size: 3 },
      ),
    );
    expect(out).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(3);
  });

  test('stopped() ends the intake; started items still finish and are yielded', async () => {
    let stop = false;
    const started: number[] = [];
    const out = await collect(
      orderedWindow(
        Array.from({ length: 10 }, (_, i) => i),
        async (i) => {
          started.push(i);
          if (i === 1) stop = true;
          await new Promise((r) => setTimeout(r, 1));
          return i;
        },
        { size: 2, stopped: () => stop },
      ),
    );
    expect(out).toEqual(started);
    expect(out.length).toBeLessThan(10);
  });

  test('a failed item rethrows at its turn, after the items before it', async () => {
    const seen: number[] = [];
    const run = (async () => {
      for await (const x of orderedWindow(
        [1, 2, 3],
        async (i) => {
          if (i === 2) throw new Error('boom');
          return i;
        },
        { size: 3 },
      ))
        seen.push(x);
    })();
    await expect(run).rejects.toThrow('boom');
    expect(seen).toEqual([1]);
  });

  test('reads the source lazily: only as far as the window', async () => {
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 1000; i++) {
        pulled += 1;
        yield i;
      }
    }
    for await (const x of orderedWindow(source(), async (i) => i, { size: 4 })) {
      if (x === 2) break;
    }
    expect(pulled).toBeLessThanOrEqual(7);
  });
});
