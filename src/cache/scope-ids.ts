// The id of the cache folder of a profile, base URL and key. The folder's name is random, so it
// tells nothing of the key; the map from a scope to its id is keyed by HMAC-SHA256 of the profile,
// base URL and key under a random salt of this user's (`salt`, 0600, made on first use), so the
// map holds no digest one could test guessed keys against without the salt. The salt sits beside
// the config file, which holds the saved keys themselves: whoever can read one can read the other.
import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { writePrivateFile } from '../settings/private-write.js';
import { NAME_CACHE, readSmallFile } from './small-file.js';
import { cacheRoot, SCOPE_ID, scopeDir } from './paths.js';

const SALT_FILE = 'salt';
const MAP_FILE = 'scopes.json';
/** Scopes kept: the most recently made; an older one's folder goes with it. */
const KEEP_SCOPES = 16;
const PRIVATE = { mode: 0o600, fsync: false };

interface ScopeRecord {
  id: string;
  profile: string;
}
type ScopeMap = Record<string, ScopeRecord>;

export interface Scope {
  profile: string;
  baseUrl: string;
  apiKey: string;
}

function readSalt(root: string): string | undefined {
  const text = readSmallFile(join(root, SALT_FILE), 1024)?.trim();
  return text && /^[0-9a-f]{64}$/.test(text) ? text : undefined;
}

function tagOf(salt: string, scope: Scope): string {
  return createHmac('sha256', Buffer.from(salt, 'hex'))
    .update(`${scope.profile}\n${scope.baseUrl}\n${scope.apiKey}`)
    .digest('hex');
}

function readScopeMap(root: string): ScopeMap {
  try {
    const data = JSON.parse(readSmallFile(join(root, MAP_FILE), 64 * 1024) ?? '{}') as unknown;
    if (!data || typeof data !== 'object') return {};
    const out: ScopeMap = {};
    for (const [tag, record] of Object.entries(data as Record<string, ScopeRecord>))
      if (SCOPE_ID.test(record?.id) && typeof record.profile === 'string') out[tag] = record;
    return out;
  } catch {
    return {};
  }
}

/** The id of the scope's folder, or undefined when none was made (nothing is written). */
export function findScopeId(root: string, scope: Scope): string | undefined {
  const salt = readSalt(root);
  if (!salt) return undefined;
  const record = readScopeMap(root)[tagOf(salt, scope)];
  return record?.profile === scope.profile ? record.id : undefined;
}

/**
 * The id of the scope's folder, made on first use with the salt if need be. Call it under the
 * cache's lock: the map is read, changed and written whole. `root` exists: the caller made and checked it. Returns the ids of the scopes dropped.
 */
export function ensureScopeId(root: string, scope: Scope): { id: string; dropped: string[] } {
  let salt = readSalt(root);
  if (!salt) {
    salt = randomBytes(32).toString('hex');
    writePrivateFile(join(root, SALT_FILE), `${salt}\n`, NAME_CACHE, PRIVATE);
  }
  const tag = tagOf(salt, scope);
  const map = readScopeMap(root);
  const known = map[tag];
  if (known?.profile === scope.profile) return { id: known.id, dropped: [] };
  const id = randomBytes(16).toString('hex');
  const entries = [...Object.entries(map).filter(([t]) => t !== tag), [tag, { id, profile: scope.profile }] as const];
  const kept = entries.slice(-KEEP_SCOPES);
  writePrivateFile(join(root, MAP_FILE), `${JSON.stringify(Object.fromEntries(kept))}\n`, NAME_CACHE, PRIVATE);
  return { id, dropped: entries.slice(0, -KEEP_SCOPES).map(([, r]) => r.id) };
}

/** Forgets the scopes of a profile (`cache clear`); returns their ids. */
export function forgetProfileScopes(root: string, profile: string): string[] {
  const map = readScopeMap(root);
  const gone = Object.entries(map).filter(([, r]) => r.profile === profile);
  if (gone.length === 0) return [];
  const kept = Object.entries(map).filter(([, r]) => r.profile !== profile);
  writePrivateFile(join(root, MAP_FILE), `${JSON.stringify(Object.fromEntries(kept))}\n`, NAME_CACHE, PRIVATE);
  return gone.map(([, r]) => r.id);
}

/** The folder of the scope, when a command made one (nothing is written). */
export function findScopeDir(configDir: string, scope: Scope): string | undefined {
  const id = findScopeId(cacheRoot(configDir), scope);
  return id ? scopeDir(configDir, id) : undefined;
}
