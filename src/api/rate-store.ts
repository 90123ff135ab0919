import { accessSync, chmodSync, constants, lstatSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { configFolderHint, fileError, fileErrorReason, isFileError } from '../file-errors.js';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { withFileLock } from '../util/file-lock.js';
import { fnv1a64 } from '../util/hash.js';
import { emptyState, parseState, type RateState } from './rate-window.js';

/**
 * The limiter's shared state on disk: one JSON file per (base URL, key) under
 * `<configDir>/ratelimit/`, named by a hash (the key itself is never written), changed only under
 * a lock and replaced whole, so no reader ever sees a write half done.
 */
export interface RateStore {
  /** Reads, lets `change` edit the state, writes it back, with no other update in between. `change`
   * may run more than once (Redis redoes an update that lost a race): it must only edit the state. */
  update<T>(change: (state: RateState) => T, signal?: AbortSignal): Promise<T>;
  /** A snapshot. */
  read(): Promise<RateState>;
  /** The id slots of this process are tagged with; default: the pid (one machine). */
  readonly owner?: number;
  /** Whether the process that tagged slots `owner` may still be waiting for an answer; default: a pid check. */
  isOwnerAlive?(owner: number): boolean;
  /** Closes a connection, if the store has one. */
  close?(): Promise<void>;
}

function rateStateDir(configDir: string): string {
  return join(configDir, 'ratelimit');
}

/**
 * The folder of the rate-limit state: `<configDir>/ratelimit`, or, when the config folder can't
 * be written (CI as a user without a home, a read-only SHORTY_CONFIG_DIR), a folder of this
 * user's own under the system's temp folder, so requests still work; `warn` gets one line.
 */
export function usableRateStateDir(configDir: string, warn: (line: string) => void): string {
  const preferred = rateStateDir(configDir);
  try {
    mkdirSync(preferred, { recursive: true, mode: 0o700 });
    accessSync(preferred, constants.W_OK);
    return preferred;
  } catch (err) {
    const why = `cannot write the config folder ${configDir}: ${fileErrorReason(err)}`;
    const fallback = join(tmpdir(), process.getuid ? `shorty-${process.getuid()}` : 'shorty');
    claimPrivateDir(fallback, why);
    warn(`warning: ${why}; the rate-limit state is kept in ${fallback} instead`);
    return rateStateDir(fallback);
  }
}

/**
 * A folder under the shared temp folder is ours only if we made it or own it: another user could
 * have made it first (or a symlink in its place) to read or steer our state. `why` starts the
 * error; `uid` is whose the folder must be.
 */
export function claimPrivateDir(path: string, why: string, uid = process.getuid?.()): void {
  const refuse = (what: string) =>
    new UsageError(`${why}; and ${path}, the fallback, ${what}`, 'set SHORTY_CONFIG_DIR to a folder you can write');
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
      throw refuse(`can't be made either (${fileErrorReason(err)})`);
  }
  const info = lstatSync(path);
  if (!info.isDirectory()) throw refuse('is not a folder');
  if (uid !== undefined && info.uid !== uid) throw refuse(`belongs to another user (uid ${info.uid})`);
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) chmodSync(path, 0o700);
}

/**
 * `<host>-<hash>.json`: the host helps a person find the file; the hash separates keys. The name
 * must not spell the key, which sits in config.json of the same 0700 folder anyway.
 */
export function rateStatePath(configDir: string, baseUrl: string, apiKey: string): string {
  return rateStateFile(rateStateDir(configDir), baseUrl, apiKey);
}

export function rateStateFile(dir: string, baseUrl: string, apiKey: string): string {
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
  let dirReady = false;
  // Updates of this process queue here, in memory: only one at a time asks for the file lock,
  // so concurrent requests of one process never contend (and back off) for their own lock.
  let tail: Promise<unknown> = Promise.resolve();
  return {
    // The file is only ever replaced whole: a read needs no lock.
    read: async () => readState(path),
    update(change, signal) {
      const run = async () => {
        if (!dirReady) mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
        dirReady = true;
        try {
          return await withFileLock(
            path,
            async () => {
              const state = readState(path);
              const result = change(state);
              // Not flushed to disk: a state lost to a power cut only forgets the last few seconds.
              writeFileAtomicSync(path, JSON.stringify(state), { mode: 0o600, fsync: false });
              return result;
            },
            signal,
          );
        } catch (err) {
          // The lock or the state could not be written (a full disk, most likely): before the
          // request, so nothing was sent.
          throw isFileError(err)
            ? fileError(`cannot save the rate-limit state ${path}`, err, 1, configFolderHint(err))
            : err;
        }
      };
      const result = afterTurn(tail, signal).then(run);
      // The next one waits for this one and for all before it (an aborted wait ends early).
      tail = Promise.allSettled([tail, result]);
      return result;
    },
  };
}

/** Synchronous on purpose, inside the lock: microseconds, where a thread-pool hop costs milliseconds on a busy machine. */
function readState(path: string): RateState {
  try {
    return parseState(readFileSync(path, 'utf8'));
  } catch {
    return emptyState();
  }
}

/** Resolves when `previous` has settled, or rejects with the abort reason as soon as `signal` aborts. */
export function afterTurn(previous: Promise<unknown>, signal?: AbortSignal): Promise<void> {
  if (!signal) return previous.then(() => {});
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void previous.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
