import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock } from './file-lock.js';
import { emptyState, sanitizeState, type RateState } from './rate-window.js';

/**
 * The limiter's shared state on disk: one JSON file per (base URL, key) under
 * `<configDir>/ratelimit/`, named by a hash (the key itself is never written), changed only
 * under a lock and replaced atomically (temp file + rename), so readers without the lock never
 * see half a file.
 */
export interface RateStore {
  readonly path: string;
  /** Reads, lets `change` edit the state, writes it back; the lock is held only meanwhile. */
  update<T>(change: (state: RateState) => T, signal?: AbortSignal): Promise<T>;
  /** A lock-free snapshot. */
  read(): Promise<RateState>;
}

export function rateStateDir(configDir: string): string {
  return join(configDir, 'ratelimit');
}

/** `<host>-<hash>.json`: the host helps a person find the file; the hash separates keys. */
export function rateStatePath(configDir: string, baseUrl: string, apiKey: string): string {
  const keyHash = createHash('sha256').update(apiKey).digest('hex');
  const id = createHash('sha256').update(`${baseUrl}\n${keyHash}`).digest('hex').slice(0, 20);
  let host = 'server';
  try {
    host = new URL(baseUrl).host.replace(/[^a-zA-Z0-9.-]+/g, '_');
  } catch {
    // an invalid base URL is refused before any request; the hash alone still works
  }
  return join(rateStateDir(configDir), `${host}-${id}.json`);
}

export function openRateStore(path: string): RateStore {
  const dir = join(path, '..');
  let dirReady = false;

  // Synchronous file calls, as in file-lock.ts: microseconds each, no thread-pool round trips.
  function read(): RateState {
    try {
      return sanitizeState(JSON.parse(readFileSync(path, 'utf8')));
    } catch {
      return emptyState();
    }
  }

  function write(state: RateState): void {
    const temp = `${path}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
    try {
      writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
      renameSync(temp, path);
    } catch (err) {
      try {
        unlinkSync(temp);
      } catch {
        // never written
      }
      throw err;
    }
  }

  return {
    path,
    read: async () => read(),
    async update(change, signal) {
      if (!dirReady) mkdirSync(dir, { recursive: true, mode: 0o700 });
      dirReady = true;
      return withFileLock(`${path}.lock`, async () => {
        const state = read();
        const result = change(state);
        write(state);
        return result;
      }, { signal });
    },
  };
}
