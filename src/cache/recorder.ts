// The one hook that fills the name cache: a ModernApi that tells the observer every successful
// answer, and a flush the context runs once, when the command is done (one write, however many
// pages an export read). Writing it never fails the command.
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import type { CallOptions, Method, ModernApi } from '../api/modern.js';
import { isErrorFlag } from '../api/modern.js';
import { fileErrorReason } from '../file-errors.js';
import { withFileLock } from '../util/file-lock.js';
import { readPrivateFile } from '../settings/private-files.js';
import { ensurePrivateFolder } from '../settings/private-folders.js';
import type { Settings } from '../settings/types.js';
import { createNameObserver, type NameChange } from './observe.js';
import { CURRENT_FILE, nameCacheDir, profileCacheDir } from './paths.js';
import {
  applyChanges,
  emptyCache,
  NAME_CACHE,
  type NameScope,
  nameScope,
  pointAt,
  readScopedCache,
  writeNameCache,
} from './store.js';

export interface NameRecorder {
  /** The same API, its answers seen by the cache. */
  watch(api: ModernApi): ModernApi;
  /** Writes what the run saw; says at most one line on `warn` when it can't. Never rejects. */
  flush(settings: Settings, now: number, warn: (line: string) => void): Promise<void>;
}

export function createNameRecorder(): NameRecorder {
  const observer = createNameObserver();
  return {
    watch: (api) => ({
      ...api,
      async call<T>(method: Method, path: string, opts?: CallOptions): Promise<T> {
        const answer = await api.call<T>(method, path, opts);
        observer.observe({ method, path, query: opts?.query, body: opts?.body, answer });
        return answer;
      },
      async send(method, path, opts) {
        const res = await api.send(method, path, opts);
        const body = res.json as { error?: unknown } | undefined;
        if (res.status < 400 && body && typeof body === 'object' && !isErrorFlag(body.error))
          observer.observe({ method, path, query: opts?.query, body: opts?.body, answer: body });
        return res;
      },
    }),
    async flush(settings, now, warn) {
      const { changes } = observer;
      if (changes.length === 0 || !settings.baseUrl || !settings.apiKey) return;
      const scope = nameScope(settings.baseUrl, settings.apiKey);
      const profileDir = profileCacheDir(settings.configDir, settings.profile);
      const dir = nameCacheDir(settings.configDir, settings.profile, scope.key);
      try {
        // Most runs see names the cache already holds (a list read again): then nothing is written,
        // no lock taken, unless the cache's age would mislead (status shows when it was updated).
        if (alreadyHeld(dir, profileDir, scope, changes, now)) return;
        // Every folder on the way the user's alone, none a link: the files are then written in it.
        ensurePrivateFolder(settings.configDir, dir);
        // Read, merge and write under a lock: runs ending together (xargs -P) keep each other's names.
        await withFileLock(join(profileDir, 'lock'), () => {
          const cache = readScopedCache(dir, scope) ?? emptyCache(scope, now);
          writeNameCache(dir, applyChanges(cache, changes, now));
          pointAt(profileDir, scope.key);
        });
      } catch (err) {
        // A config folder that can't be written was already named by the rate-limit state's warning.
        if (writable(settings.configDir))
          warn(
            `warning: cannot write the name cache in ${dir}: ${fileErrorReason(err)}; completion won't offer this run's names`,
          );
      }
    },
  };
}

/** The age past which a cache that saw no change is written again, to say it was seen fresh. */
const REFRESH_AGE_MS = 3_600_000;

function alreadyHeld(dir: string, profileDir: string, scope: NameScope, changes: NameChange[], now: number): boolean {
  const cache = readScopedCache(dir, scope);
  if (!cache || now - Date.parse(cache.updated) > REFRESH_AGE_MS) return false;
  if (readCurrent(profileDir) !== scope.key) return false;
  const next = applyChanges(cache, changes, now);
  return JSON.stringify([next.resources, next.totals]) === JSON.stringify([cache.resources, cache.totals]);
}

function readCurrent(profileDir: string): string | undefined {
  try {
    return readPrivateFile(join(profileDir, CURRENT_FILE), NAME_CACHE)?.text.trim();
  } catch {
    return undefined;
  }
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
