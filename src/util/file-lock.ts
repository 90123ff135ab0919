import { mkdirSync, rmdirSync } from 'node:fs';
import type lockfileLib from 'proper-lockfile';
import { abortableSleep } from './sleep.js';

/**
 * A cross-process lock around a short read-modify-write of `path`: proper-lockfile's lock folder
 * `<path>.lock`, kept fresh while held. One whose holder stopped refreshing it (killed, crashed)
 * counts as stale after STALE_MS and is taken over.
 */
const STALE_MS = 5000;

// Loaded only when the lock is found held: loading proper-lockfile (graceful-fs, retry,
// signal-exit) costs ~10 ms of every request's start-up on Node 24, and most locks are free.
let lockfile: typeof lockfileLib | undefined;

export async function withFileLock<T>(path: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const release = tryFreeLock(path) ?? (await takeHeldLock(path, signal));
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

/**
 * A free lock is a folder that does not exist yet: making it is how proper-lockfile takes one too,
 * so both ways exclude each other, and a holder that dies leaves a folder proper-lockfile judges
 * by its age. Only a held lock (EEXIST) needs the library's staleness check and retries.
 */
function tryFreeLock(path: string): (() => void) | undefined {
  const lockPath = `${path}.lock`;
  try {
    mkdirSync(lockPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw err;
  }
  return () => rmdirSync(lockPath);
}

async function takeHeldLock(path: string, signal?: AbortSignal): Promise<() => void> {
  lockfile ??= (await import('proper-lockfile')).default;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    try {
      // The synchronous calls: microseconds each, where a thread-pool round trip per call cost
      // milliseconds on every request of a busy machine (bench/import.mjs sent a third as fast).
      // Held past STALE_MS (a machine starved of CPU), the write is still whole: carry on.
      return lockfile.lockSync(path, { realpath: false, stale: STALE_MS, onCompromised: () => {} });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      // Held for milliseconds: retry soon, a little later each time, at random so takers don't meet again.
      await abortableSleep(Math.min(2 + attempt, 25) * (0.5 + Math.random()), signal);
    }
  }
}
