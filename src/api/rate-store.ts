import { accessSync, constants, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { configFolderHint, fileError, fileErrorReason, isFileError } from '../file-errors.js';
import { withMomentLock } from '../util/lock.js';
import { fnv1a64 } from '../util/hash.js';
import { readPrivateFile } from '../settings/private-files.js';
import { checkFoldersAbove, ensureOwnFolder, ensurePrivateFolder } from '../settings/private-folders.js';
import { writePrivateFile } from '../settings/private-write.js';
import type { Settings } from '../settings/types.js';
import type { RateStore } from './limiter.js';
import { emptyState, parseState, type RateState } from './rate-window.js';

// The limiter's shared state on disk: one JSON file per (base URL, key) under
// `<configDir>/ratelimit/`, changed only under a lock and replaced whole, so no reader ever sees a
// write half done.

function rateStateDir(configDir: string): string {
  return join(configDir, 'ratelimit');
}

/**
 * The folder of the rate-limit state: `<configDir>/ratelimit`, or, when the config folder can't
 * be written (CI as a user without a home, a read-only SHORTY_CONFIG_DIR), a folder of this
 * user's own under the system's temp folder, so requests still work; `warn` gets one line. A
 * folder another user owns or may write is refused (exit 2), never worked around.
 */
function usableRateStateDir(configDir: string, warn: (line: string) => void): string {
  const preferred = rateStateDir(configDir);
  try {
    ensurePrivateFolder(configDir, preferred);
    accessSync(preferred, constants.W_OK);
    return preferred;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const why = `cannot write the config folder ${configDir}: ${fileErrorReason(err)}`;
    const fallback = join(tmpdir(), process.getuid ? `shorty-${process.getuid()}` : 'shorty');
    claimPrivateDir(fallback, why);
    warn(`warning: ${why}; the rate-limit state is kept in ${fallback} instead`);
    return claimPrivateDir(rateStateDir(fallback), why);
  }
}

/**
 * A folder under the shared temp folder is ours only if we made it or own it, and no one else
 * may write it: another user could have made it first (or a symlink in its place) to read or
 * steer our state. `why` starts the error. Returns `path`.
 */
export function claimPrivateDir(path: string, why: string): string {
  try {
    checkFoldersAbove(path);
    ensureOwnFolder(path, "the rate-limit state's fallback folder");
  } catch (err) {
    const what =
      err instanceof UsageError ? err.message : `${path}, the fallback, can't be made (${fileErrorReason(err)})`;
    throw new UsageError(`${why}; and ${what}`, 'set SHORTY_CONFIG_DIR to a folder you can write');
  }
  return path;
}

/** `<host>-<hash>.json`: the host helps a person find the file; the hash separates keys, never spelling one. */
export function rateStatePath(configDir: string, baseUrl: string, apiKey: string): string {
  return rateStateFile(rateStateDir(configDir), baseUrl, apiKey);
}

function rateStateFile(dir: string, baseUrl: string, apiKey: string): string {
  const id = fnv1a64(`${baseUrl}\n${apiKey}`);
  let host = 'server';
  try {
    host = new URL(baseUrl).host.replace(/[^a-zA-Z0-9.-]+/g, '_');
  } catch {
    // an invalid base URL is refused before any request; the hash alone still works
  }
  return join(dir, `${host}-${id}.json`);
}

export function openRateStore(path: string): RateStore {
  return {
    // The file is only ever replaced whole: a read needs no lock.
    read: async () => readState(path),
    async update(change, signal) {
      try {
        mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
        // Synchronous inside the lock (see withMomentLock): microseconds, where a thread-pool hop
        // costs milliseconds on a busy machine.
        return await withMomentLock(
          path,
          () => {
            const state = readState(path);
            const result = change(state);
            // Not flushed to disk: a state lost to a power cut only forgets the last few seconds.
            writePrivateFile(path, JSON.stringify(state), STATE, { mode: 0o600, fsync: false });
            return result;
          },
          signal,
        );
      } catch (err) {
        // A full disk, most likely; before the request, so nothing was sent.
        throw isFileError(err)
          ? fileError(`cannot save the rate-limit state ${path}`, err, 1, configFolderHint(err))
          : err;
      }
    },
  };
}

const STATE = 'the rate-limit state';

/** A state that is not there or can't be read starts afresh; one that is not the user's alone is refused. */
function readState(path: string): RateState {
  try {
    const file = readPrivateFile(path, STATE);
    return file ? parseState(file.text) : emptyState();
  } catch (err) {
    if (err instanceof UsageError) throw err;
    return emptyState();
  }
}

/** No request can be in flight longer than its timeout; a little more for the slowest clocks. */
export function maxInFlightMs(settings: Settings): number {
  return settings.timeoutMs + 5000;
}

/**
 * The local state file, or with a rate store set, Redis, whose client is loaded only then. A Redis
 * store that can't be reached is an error (exit 5), never a silent fall-back to the local file,
 * which would let this machine spend the fleet's budget. `clockOffsetMs`: Redis's clock minus ours
 * (the fleet measures on Redis's), 0 for the file.
 */
export async function openSharedRateStore(
  settings: Settings,
  baseUrl: string,
  apiKey: string,
  now: () => number,
  warn: (line: string) => void,
): Promise<{ store: RateStore; clockOffsetMs: number }> {
  if (!settings.rateStore) {
    const dir = usableRateStateDir(settings.configDir, warn);
    return { store: openRateStore(rateStateFile(dir, baseUrl, apiKey)), clockOffsetMs: 0 };
  }
  const { openRedisRateStore } = await import('./rate-store-redis.js');
  const store = await openRedisRateStore({
    url: settings.rateStore,
    baseUrl,
    apiKey,
    now,
    windowMs: settings.rateLimit.windowMs,
    maxInFlightMs: maxInFlightMs(settings),
  });
  return { store, clockOffsetMs: store.clockOffsetMs };
}
