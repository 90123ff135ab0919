import { mkdirSync, rmdirSync } from 'node:fs';
import type lockfileLib from 'proper-lockfile';
import { abortableSleep } from './sleep.js';

/** A lock whose holder stopped keeping it fresh (killed, crashed) is stale after this, and taken over. */
const STALE_MS = 5000;

// Loaded only when a lock is found held: proper-lockfile (with graceful-fs, retry and signal-exit)
// costs ~10 ms of start-up, and most locks are free.
let lockfile: typeof lockfileLib | undefined;

/**
 * Runs `work` under proper-lockfile's lock folder `<path>.lock`, across processes. `work` is
 * synchronous, so the lock is taken, used and given back in one turn of the event loop: updates of
 * one process can't meet each other in it, and need no queue of their own.
 */
export async function withFileLock<T>(path: string, work: () => T, signal?: AbortSignal): Promise<T> {
  const release = takeFreeLock(path) ?? (await takeHeldLock(path, signal));
  try {
    return work();
  } finally {
    try {
      release();
    } catch {
      // taken over as stale meanwhile: not ours to remove any more
    }
  }
}

/** A free lock is a folder not made yet: making it is how proper-lockfile takes one too. */
function takeFreeLock(path: string): (() => void) | undefined {
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
      // Synchronous: microseconds, where a thread-pool round trip costs milliseconds on a busy machine.
      return lockfile.lockSync(path, { realpath: false, stale: STALE_MS, onCompromised: () => {} });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      // Held for microseconds: retry soon, a little later each time, at random so takers don't meet again.
      await abortableSleep(Math.min(2 + attempt, 25) * (0.5 + Math.random()), signal);
    }
  }
}
