import type lockfileLib from 'proper-lockfile';
import { abortableSleep } from './sleep.js';

/**
 * A cross-process lock around a short read-modify-write of `path`: proper-lockfile's lock folder
 * `<path>.lock`, kept fresh while held. One whose holder stopped refreshing it (killed, crashed)
 * counts as stale after STALE_MS and is taken over.
 */
const STALE_MS = 5000;

// Loaded when first needed: the settings store imports this module on every run, --help too.
let lockfile: typeof lockfileLib | undefined;

export async function withFileLock<T>(path: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  lockfile ??= (await import('proper-lockfile')).default;
  let release: () => void;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    try {
      // The synchronous calls: microseconds each, where a thread-pool round trip per call cost
      // milliseconds on every request of a busy machine (bench/import.mjs sent a third as fast).
      // Held past STALE_MS (a machine starved of CPU), the write is still whole: carry on.
      release = lockfile.lockSync(path, { realpath: false, stale: STALE_MS, onCompromised: () => {} });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      // Held for milliseconds: retry soon, a little later each time, at random so takers don't meet again.
      await abortableSleep(Math.min(2 + attempt, 25) * (0.5 + Math.random()), signal);
    }
  }
  try {
    return await work();
  } finally {
    try {
      release();
    } catch {
      // taken over as stale meanwhile: not ours to remove any more
    }
  }
}
