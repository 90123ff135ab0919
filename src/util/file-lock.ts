/**
 * A cross-process lock around a short read-modify-write of `path`: proper-lockfile's lock folder
 * `<path>.lock`, kept fresh while held. One whose holder stopped refreshing it (killed, crashed)
 * counts as stale after STALE_MS and is taken over. Held for milliseconds, so a taker retries
 * soon and often rather than backing off far.
 */
const STALE_MS = 5000;
const RETRIES = { retries: 2000, factor: 1.2, minTimeout: 2, maxTimeout: 25, randomize: true };

export async function withFileLock<T>(path: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw signal.reason;
  // Loaded when first needed: the settings store imports this module on every run, --help too.
  const { default: lockfile } = await import('proper-lockfile');
  const release = await lockfile.lock(path, {
    realpath: false,
    stale: STALE_MS,
    retries: RETRIES,
    // Held past STALE_MS (a machine starved of CPU): the write is still whole, so carry on.
    onCompromised: () => {},
  });
  try {
    if (signal?.aborted) throw signal.reason;
    return await work();
  } finally {
    await release().catch(() => {});
  }
}
