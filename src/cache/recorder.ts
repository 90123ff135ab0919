// The one hook that fills the name cache: a ModernApi that tells the observer every successful
// answer, and a flush the context runs once, when the command is done (one write, however many
// pages an export read). Writing it never fails the command.
import { accessSync, constants, lstatSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CallOptions, Method, ModernApi } from '../api/modern.js';
import { isErrorFlag } from '../api/modern.js';
import { fileErrorReason } from '../file-errors.js';
import { withMomentLock } from '../util/lock.js';
import { writePrivateFile } from '../settings/private-write.js';
import { ensurePrivateFolder } from '../settings/private-folders.js';
import type { Settings } from '../settings/types.js';
import { createNameObserver, type NameChange } from './observe.js';
import { cacheRoot, currentFile, type NameResource, SCOPE_ID, scopeDir } from './paths.js';
import { NAME_CACHE, readSmallFile } from './small-file.js';
import {
  type CacheMeta,
  capEntries,
  makeScopeDir,
  mergeEntries,
  parseEntries,
  readEntriesText,
  readMeta,
  writeMeta,
  writeResource,
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
      const learnt = byResource(changes);
      if (upToDate(settings, learnt, now)) return;
      const { ensureScopeId, findScopeId } = await import('./scope-ids.js');
      const root = cacheRoot(settings.configDir);
      const scope = { profile: settings.profile, baseUrl: settings.baseUrl, apiKey: settings.apiKey };
      try {
        // Most runs see names the cache already holds (a list read again): then nothing is written,
        // no lock taken, unless the cache's age would mislead (status shows when it was updated).
        const known = findScopeId(root, scope);
        if (known && !planWrite(settings, known, learnt, now).needed) return;
        // Every folder on the way the user's alone, none a link: the files are then written in it.
        ensurePrivateFolder(settings.configDir, root);
        // Read, merge and write under a lock: runs ending together (xargs -P) keep each other's names.
        await withMomentLock(join(root, 'lock'), () => {
          const { id, dropped } = ensureScopeId(root, scope);
          applyPlan(settings, id, planWrite(settings, id, learnt, now));
          for (const old of dropped) rmSync(scopeDir(settings.configDir, old), { recursive: true, force: true });
          dropFormerCache(settings.configDir);
        });
      } catch (err) {
        // A config folder that can't be written was already named by the rate-limit state's warning.
        if (writable(settings.configDir))
          warn(
            `warning: cannot write the name cache in ${root}: ${fileErrorReason(err)}; completion won't offer this run's names`,
          );
      }
    },
  };
}

function byResource(changes: NameChange[]): Map<NameResource, NameChange[]> {
  const out = new Map<NameResource, NameChange[]>();
  for (const change of changes) out.set(change.resource, [...(out.get(change.resource) ?? []), change]);
  return out;
}

/** The age past which a cache that saw no change is written again, to say it was seen fresh. */
const REFRESH_AGE_MS = 3_600_000;

interface Plan {
  needed: boolean;
  pointer: boolean;
  writes: { resource: NameResource; text: string; kept: ReturnType<typeof capEntries>['kept'] }[];
  meta: CacheMeta;
}

/** What the run's changes make of the files of the resources it learnt about (and only those). */
function planWrite(settings: Settings, id: string, learnt: Map<NameResource, NameChange[]>, now: number): Plan {
  const dir = scopeDir(settings.configDir, id);
  const old = readMeta(dir);
  const meta: CacheMeta = {
    format: 2,
    baseUrl: settings.baseUrl ?? '',
    updated: new Date(now).toISOString(),
    counts: { ...old?.counts },
    totals: { ...old?.totals },
    bytes: { ...old?.bytes },
  };
  const writes: Plan['writes'] = [];
  for (const [resource, changes] of learnt) {
    const before = readEntriesText(dir, resource);
    const merged = mergeEntries(parseEntries(before), changes);
    const { kept, text } = capEntries(merged.entries);
    if (merged.total !== undefined) meta.totals[resource] = merged.total;
    meta.counts[resource] = kept.length;
    if (text !== before) writes.push({ resource, text, kept });
  }
  const pointer = readSmallFile(currentFile(settings.configDir, settings.profile), 100)?.trim() !== id;
  const stale = !old || now - Date.parse(old.updated) > REFRESH_AGE_MS;
  const totalsChanged = JSON.stringify(meta.totals) !== JSON.stringify(old?.totals ?? {});
  return { needed: writes.length > 0 || pointer || stale || totalsChanged, pointer, writes, meta };
}

/**
 * Whether the folder completion reads for the profile (the one its last command wrote) already
 * holds every name the run saw, is fresh and is this base URL's: then there is nothing to write,
 * and the scope's id is not looked up (its HMAC loads node:crypto, ~5 ms of a run that reads a
 * list again). Its key is not checked: a folder of another key of the same profile and base URL
 * passes only when it holds the names seen already, and then nothing is written either.
 */
function upToDate(settings: Settings, learnt: Map<NameResource, NameChange[]>, now: number): boolean {
  try {
    const id = readSmallFile(currentFile(settings.configDir, settings.profile), 100)?.trim();
    if (!id || !SCOPE_ID.test(id)) return false;
    if (readMeta(scopeDir(settings.configDir, id))?.baseUrl !== settings.baseUrl) return false;
    return !planWrite(settings, id, learnt, now).needed;
  } catch {
    return false;
  }
}

function applyPlan(settings: Settings, id: string, plan: Plan): void {
  const dir = scopeDir(settings.configDir, id);
  makeScopeDir(settings.configDir, dir);
  for (const { resource, text, kept } of plan.writes)
    plan.meta.bytes[resource] = writeResource(dir, resource, text, kept);
  // meta.json last: its time is the cache's age, and a reader sees the lists it counts.
  writeMeta(dir, plan.meta);
  // Completion reads the folder the profile's last command wrote: the account in use.
  if (plan.pointer) {
    const pointer = currentFile(settings.configDir, settings.profile);
    ensurePrivateFolder(settings.configDir, dirname(pointer));
    writePrivateFile(pointer, `${id}\n`, NAME_CACHE, { mode: 0o600, fsync: false });
  }
}

/** The cache of earlier versions named its folders by an unsalted hash of the base URL and key: gone. */
function dropFormerCache(configDir: string): void {
  const former = join(configDir, 'cache', 'v1');
  try {
    lstatSync(former);
  } catch {
    return;
  }
  rmSync(former, { recursive: true, force: true });
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
