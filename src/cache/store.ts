// The name cache on disk, one scope folder (paths.ts): per resource `<resource>.jsonl` (what shorty
// merges into: an entry a line, the most recently seen first) and `<resource>` (what the
// completion scripts read without starting Node: `name<TAB>description` lines, sorted), and
// meta.json (counts, totals and the time, for `status` and `cache refresh`). Each kind keeps at
// most ENTRY_CAP names and FILE_CAP bytes, so a run reads and writes only the files of the
// resources it learnt about, each bounded, and a file is replaced (aside, then renamed) only when
// its text changes. Mode 0600 in a 0700 folder.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../settings/private-write.js';
import { ensurePrivateFolder } from '../settings/private-folders.js';
import { hasHiddenMarks, withoutHiddenMarks } from './clean-text.js';
import type { NameChange, NameEntry } from './observe.js';
import { NAME_RESOURCES, type NameResource } from './paths.js';
import { NAME_CACHE, readSmallFile } from './small-file.js';

/** Names kept per kind: the most recently seen. Tab reads one such file (bench/completion-cache.mjs). */
export const ENTRY_CAP = 10_000;
/** Bytes per file: a damaged or planted larger file is not read (it counts as empty). */
export const FILE_CAP = 2 * 1024 * 1024;
const META_FILE = 'meta.json';
/** The cache's files: the owner's alone; a lost last write (a power cut) costs only names. */
const PRIVATE = { mode: 0o600, fsync: false };

export interface CacheMeta {
  format: 2;
  baseUrl: string;
  /** ISO time of the last write. */
  updated: string;
  counts: Partial<Record<NameResource, number>>;
  /** The size of each list when it was last read whole (what `cache refresh` will cost). */
  totals: Partial<Record<NameResource, number>>;
  bytes: Partial<Record<NameResource, number>>;
}

export function readMeta(dir: string): CacheMeta | undefined {
  try {
    const data = JSON.parse(readSmallFile(join(dir, META_FILE), 64 * 1024) ?? 'null') as CacheMeta | null;
    if (data?.format !== 2 || typeof data.baseUrl !== 'string' || typeof data.updated !== 'string') return undefined;
    return { ...data, counts: data.counts ?? {}, totals: data.totals ?? {}, bytes: data.bytes ?? {} };
  } catch {
    return undefined;
  }
}

export function writeMeta(dir: string, meta: CacheMeta): void {
  writePrivateFile(join(dir, META_FILE), `${JSON.stringify(meta)}\n`, NAME_CACHE, PRIVATE);
}

const entriesFile = (dir: string, resource: NameResource) => join(dir, `${resource}.jsonl`);

/** The text of a resource's entries file ('' when there is none, it is too large or not a file). */
export function readEntriesText(dir: string, resource: NameResource): string {
  return readSmallFile(entriesFile(dir, resource), FILE_CAP) ?? '';
}

/** The entries of that text, the most recent first; a damaged line is skipped. */
export function parseEntries(text: string): NameEntry[] {
  const out: NameEntry[] = [];
  for (const line of text.split('\n')) {
    if (out.length >= ENTRY_CAP) break;
    try {
      const e = JSON.parse(line) as NameEntry;
      if ((typeof e.id !== 'number' && typeof e.id !== 'string') || typeof e.name !== 'string') continue;
      if (hasHiddenMarks(e.name) || hasHiddenMarks(String(e.id))) continue;
      const entry: NameEntry = { id: e.id, name: e.name };
      if (typeof e.url === 'string' && !hasHiddenMarks(e.url)) entry.url = e.url;
      if (typeof e.note === 'string' && withoutHiddenMarks(e.note)) entry.note = withoutHiddenMarks(e.note);
      out.push(entry);
    } catch {
      // a damaged line costs its name
    }
  }
  return out;
}

/**
 * A resource's entries after a run's changes (in the order they happened), the most recent first,
 * and the list's size when the run read it whole. Only the first ENTRY_CAP of a list are looked at.
 */
export function mergeEntries(
  entries: NameEntry[],
  changes: NameChange[],
): { entries: NameEntry[]; total: number | undefined } {
  // Map order is the order of sight: the last set is the most recent.
  const map = new Map([...entries].reverse().map((e) => [String(e.id), e]));
  let total: number | undefined;
  for (const change of changes) {
    if (change.kind === 'delete') {
      map.delete(String(change.id));
      continue;
    }
    if (change.kind === 'replace') {
      map.clear();
      total = change.total;
    }
    // A list's first entry is its newest: seen last, so kept first.
    for (const entry of change.entries.slice(0, ENTRY_CAP).reverse()) {
      const key = String(entry.id);
      // A write's answer may lack what a list showed (a title): what is known stays.
      const known = map.get(key);
      map.delete(key);
      map.set(key, { ...known, ...entry });
    }
  }
  return { entries: [...map.values()].reverse(), total };
}

/** The entries kept (ENTRY_CAP and FILE_CAP) and their file's text. */
export function capEntries(entries: NameEntry[]): { kept: NameEntry[]; text: string } {
  const kept: NameEntry[] = [];
  const lines: string[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (kept.length >= ENTRY_CAP) break;
    const line = `${JSON.stringify(entry)}\n`;
    bytes += Buffer.byteLength(line);
    if (bytes > FILE_CAP) break;
    kept.push(entry);
    lines.push(line);
  }
  return { kept, text: lines.join('') };
}

/** Writes a resource's two files; returns their size. Throws the file error (the caller decides what to say). */
export function writeResource(dir: string, resource: NameResource, text: string, kept: NameEntry[]): number {
  const lines = completionLines(resource, kept);
  writePrivateFile(join(dir, resource), lines, NAME_CACHE, PRIVATE);
  writePrivateFile(entriesFile(dir, resource), text, NAME_CACHE, PRIVATE);
  return Buffer.byteLength(lines) + Buffer.byteLength(text);
}

/** The scope's folder, and every one on the way from the config folder: the user's alone, none a link. */
export function makeScopeDir(configDir: string, dir: string): void {
  ensurePrivateFolder(configDir, dir);
}

/**
 * `name<TAB>description` lines (or the name alone), sorted, one per name: a link's title, the
 * others' id (and a pixel's type). The entries hold no hidden mark (clean-text.ts).
 */
function completionLines(resource: NameResource, entries: NameEntry[]): string {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    if (seen.has(entry.name)) continue;
    const description =
      resource === 'links' ? (entry.note ?? '') : `id ${entry.id}${entry.note ? `, ${entry.note}` : ''}`;
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

export function summarize(dir: string, meta: CacheMeta): CacheSummary {
  const total = NAME_RESOURCES.reduce((sum, r) => sum + (meta.counts[r] ?? 0), 0);
  let bytes = NAME_RESOURCES.reduce((sum, r) => sum + (meta.bytes[r] ?? 0), 0);
  try {
    bytes += statSync(join(dir, META_FILE)).size;
  } catch {
    // removed by hand: counts as empty
  }
  return { updated: meta.updated, counts: meta.counts, total, bytes };
}
