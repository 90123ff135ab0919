// The name cache on disk: `names.json` (what shorty reads and merges into) and one plain file per
// resource, `name<TAB>description` a line, that the completion scripts read without starting
// Node. Both are replaced whole (written aside, then renamed), mode 0600 in a 0700 folder.
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fnv1a64 } from '../util/hash.js';
import type { NameChange, NameEntry } from './observe.js';
import { CURRENT_FILE, NAME_RESOURCES, type NameResource } from './paths.js';
import { readPrivateFile } from '../settings/private-files.js';
import { writePrivateFile } from '../settings/private-write.js';

const NAMES_FILE = 'names.json';
/** How its files are named in a refusal. */
export const NAME_CACHE = 'the name cache file';
/** The cache's files: the owner's alone; a lost last write (a power cut) costs only names. */
const PRIVATE = { mode: 0o600, fsync: false };

/** Whose names these are: the base URL and a fingerprint of the key (never the key). */
export interface NameScope {
  baseUrl: string;
  key: string;
}

export interface NameCache extends NameScope {
  format: 1;
  /** ISO time of the last write. */
  updated: string;
  resources: Partial<Record<NameResource, NameEntry[]>>;
  /** The size of each list when it was last read whole (what `cache refresh` will cost). */
  totals: Partial<Record<NameResource, number>>;
}

/** The scope of a base URL and key: the same fingerprint as the rate-limit state's file name. */
export function nameScope(baseUrl: string, apiKey: string): NameScope {
  return { baseUrl, key: fnv1a64(`${baseUrl}\n${apiKey}`) };
}

export function emptyCache(scope: NameScope, now: number): NameCache {
  return { format: 1, ...scope, updated: new Date(now).toISOString(), resources: {}, totals: {} };
}

/**
 * The cache in `dir`, or undefined when there is none, it can't be read, it is of another format,
 * or it is not the user's alone (private-files.ts: a FIFO, another user's file).
 */
export function readNameCache(dir: string): NameCache | undefined {
  try {
    const data = JSON.parse(readPrivateFile(join(dir, NAMES_FILE), NAME_CACHE)?.text ?? '') as NameCache;
    if (data?.format !== 1 || typeof data.baseUrl !== 'string' || typeof data.key !== 'string') return undefined;
    return { ...data, resources: data.resources ?? {}, totals: data.totals ?? {} };
  } catch {
    return undefined;
  }
}

/** The cache of `scope` in `dir`; one of another base URL or key counts as none. */
export function readScopedCache(dir: string, scope: NameScope): NameCache | undefined {
  const cache = readNameCache(dir);
  return cache && cache.baseUrl === scope.baseUrl && cache.key === scope.key ? cache : undefined;
}

/** Applies a run's changes, in the order they happened, to the cache (a new object). */
export function applyChanges(cache: NameCache, changes: NameChange[], now: number): NameCache {
  const maps = new Map<NameResource, Map<string, NameEntry>>();
  const totals = { ...cache.totals };
  const mapOf = (resource: NameResource) => {
    let map = maps.get(resource);
    if (!map) {
      map = new Map((cache.resources[resource] ?? []).map((e) => [String(e.id), e]));
      maps.set(resource, map);
    }
    return map;
  };
  for (const change of changes) {
    const map = mapOf(change.resource);
    if (change.kind === 'delete') {
      map.delete(String(change.id));
    } else if (change.kind === 'replace') {
      map.clear();
      for (const entry of change.entries) map.set(String(entry.id), entry);
      totals[change.resource] = change.total;
    } else {
      // A write's answer may lack what a list showed (a title): what is known stays.
      for (const entry of change.entries) map.set(String(entry.id), { ...map.get(String(entry.id)), ...entry });
    }
  }
  const resources = { ...cache.resources };
  for (const [resource, map] of maps) resources[resource] = [...map.values()];
  return { ...cache, updated: new Date(now).toISOString(), resources, totals };
}

/** Writes names.json and the shells' files. Throws the file error (the caller decides what to say). */
export function writeNameCache(dir: string, cache: NameCache): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
  for (const resource of NAME_RESOURCES)
    writePrivateFile(join(dir, resource), completionLines(resource, cache), NAME_CACHE, PRIVATE);
  // names.json last: its time is the cache's age, and a reader sees the lists it describes.
  writePrivateFile(join(dir, NAMES_FILE), `${JSON.stringify(cache)}\n`, NAME_CACHE, PRIVATE);
}

/** A profile keeps the caches of this many base URLs and keys, the most recently written. */
const KEEP_SCOPES = 4;

/**
 * Makes `fingerprint` the folder completion reads in the profile's folder (the names the last
 * command saw are those of the account in use), and drops the oldest folders beyond KEEP_SCOPES.
 */
export function pointAt(profileDir: string, fingerprint: string): void {
  writePrivateFile(join(profileDir, CURRENT_FILE), `${fingerprint}\n`, NAME_CACHE, PRIVATE);
  const scopes = scopeDirs(profileDir)
    .map((dir) => ({ dir, time: modified(join(dir, NAMES_FILE)) }))
    .sort((a, b) => b.time - a.time);
  for (const { dir } of scopes.slice(KEEP_SCOPES)) rmSync(dir, { recursive: true, force: true });
}

function scopeDirs(profileDir: string): string[] {
  try {
    return readdirSync(profileDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(profileDir, entry.name));
  } catch {
    return [];
  }
}

function modified(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** The names a profile's folder holds, every base URL and key together (what `cache clear` removes). */
export function profileNameCount(profileDir: string): number | undefined {
  const caches = scopeDirs(profileDir).flatMap((dir) => readNameCache(dir) ?? []);
  if (caches.length === 0) return undefined;
  return caches.reduce(
    (sum, cache) => sum + Object.values(cache.resources).reduce((n, list) => n + (list?.length ?? 0), 0),
    0,
  );
}

/** No tab, newline or other control character: each would break a line of the shells' files. */
const UNSAFE = /[\u0000-\u001f\u007f]/;

/**
 * `name<TAB>description` lines (or the name alone), sorted, one per name: a link's title, the
 * others' id (and a pixel's type). A name a shell could not complete as one word (a control character) is left out.
 */
export function completionLines(resource: NameResource, cache: NameCache): string {
  const seen = new Map<string, string>();
  for (const entry of cache.resources[resource] ?? []) {
    if (UNSAFE.test(entry.name) || seen.has(entry.name)) continue;
    const note = entry.note?.replace(/[\u0000-\u001f\u007f]+/g, ' ');
    const description =
      resource === 'links' ? (note ?? '') : `id ${String(entry.id).replace(UNSAFE, '')}${note ? `, ${note}` : ''}`;
    seen.set(entry.name, description);
  }
  return [...seen.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, description]) => (description ? `${name}\t${description}\n` : `${name}\n`))
    .join('');
}

/** Entries per resource, the total, and when the cache was written: for `status` and `cache`. */
export interface CacheSummary {
  updated: string;
  counts: Partial<Record<NameResource, number>>;
  total: number;
  bytes: number;
}

export function summarize(dir: string, cache: NameCache): CacheSummary {
  const counts: Partial<Record<NameResource, number>> = {};
  let total = 0;
  for (const resource of NAME_RESOURCES) {
    const n = cache.resources[resource]?.length ?? 0;
    if (n) counts[resource] = n;
    total += n;
  }
  let bytes = 0;
  for (const file of [NAMES_FILE, ...NAME_RESOURCES]) {
    try {
      bytes += statSync(join(dir, file)).size;
    } catch {
      // a file removed by hand counts as empty
    }
  }
  return { updated: cache.updated, counts, total, bytes };
}
