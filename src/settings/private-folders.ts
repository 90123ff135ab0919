// The folders of shorty's own: the config folder (checked on every run that reads the config),
// the folders above it, and the folders shorty makes in it or for its fallback in the temp
// folder. The rule is private-path.ts's.
import { chmodSync, lstatSync, mkdirSync, realpathSync, type Stats, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { checkTrusted, currentUid } from './private-path.js';

/** The home folder, as written and as resolved: the walk up from a folder of shorty's stops there. */
function homeStops(): Set<string> {
  const home = homedir();
  const stops = new Set([home]);
  try {
    stops.add(realpathSync(home));
  } catch {
    // no home folder: the walk goes up to the root
  }
  return stops;
}

/**
 * Every folder above `path`, as written and as resolved, up to (not including) the home folder,
 * or up to the root for a path outside it: each the user's or root's, none writable by others
 * unless sticky. A folder that is not there, or can't be looked at, holds nothing of ours yet.
 */
export function checkFoldersAbove(given: string): void {
  const path = resolve(given);
  const stops = homeStops();
  const seen = new Set<string>();
  let real: string | undefined;
  try {
    real = realpathSync(path);
  } catch {
    real = undefined;
  }
  for (const start of real === undefined || real === path ? [path] : [path, real]) {
    let dir = start;
    for (;;) {
      const parent = dirname(dir);
      if (parent === dir || stops.has(parent) || seen.has(parent)) break;
      seen.add(parent);
      dir = parent;
      let st: Stats;
      try {
        st = lstatSync(dir);
      } catch {
        continue;
      }
      checkTrusted(dir, st, {
        name: `the folder ${dir} (above ${path})`,
        sticky: true,
        notYours: "keep shorty's folder in a folder of yours (set SHORTY_CONFIG_DIR)",
      });
    }
  }
}

/**
 * Checks the config folder and the folders above it; false when it is not there (nothing to read
 * from it). The config folder may be a link the user made, to a folder of their own; a link to
 * another user's folder is refused like that folder.
 */
export function checkConfigFolder(dir: string): boolean {
  let st: Stats;
  try {
    st = lstatSync(dir);
  } catch {
    return false;
  }
  const name = `the config folder ${dir}`;
  if (st.isSymbolicLink()) {
    let target: string;
    try {
      target = realpathSync(dir);
    } catch {
      return false;
    }
    checkTrusted(dir, st, { name: `${name} (a link)` });
    st = statSync(target);
    if (!st.isDirectory()) return false;
    checkTrusted(target, st, { name: `${name} (a link to ${target})`, remove: dir });
  } else if (!st.isDirectory()) {
    return false;
  } else {
    checkTrusted(dir, st, { name });
  }
  checkFoldersAbove(dir);
  return true;
}

/** Only its owner may list it (it holds keys); a folder of root's, when we are not root, is left as it is. */
function tighten(dir: string, st: Stats): void {
  if (currentUid() === st.uid && (st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/**
 * Makes the config folder, and `inside` (a folder under it), each level 0700, and checks them: the
 * config folder as checkConfigFolder does, every level below it a real folder (not a link) of the
 * user's that no one else may write. Returns `inside` (or the config folder). Failed file calls
 * (a read-only disk, a path through a file) are thrown as they are: the caller names them.
 */
export function ensurePrivateFolder(configDir: string, inside: string = configDir): string {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  checkConfigFolder(configDir);
  tighten(configDir, statSync(configDir));
  const parts = relative(configDir, inside).split(sep).filter(Boolean);
  if (parts[0] === '..') throw new Error(`${inside} is not inside ${configDir}`);
  let dir = configDir;
  for (const part of parts) {
    dir = join(dir, part);
    ensureOwnFolder(dir, "shorty's folder");
  }
  return dir;
}

/**
 * A folder shorty makes for itself (under its config folder, or the rate-limit state's fallback
 * under the temp folder): made 0700 when missing, else a real folder of the user's that no one
 * else may write. A link is refused: someone else may have put it there first.
 */
export function ensureOwnFolder(dir: string, what: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const st = lstatSync(dir);
  if (st.isSymbolicLink())
    throw new UsageError(
      `${what} ${dir} is a symbolic link, and shorty never follows one in its folders: remove it (rm ${dir})`,
    );
  // Not a question of trust: the folder can't be made, as mkdir says of a path through a file.
  if (!st.isDirectory())
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`), {
      code: 'ENOTDIR',
      syscall: 'mkdir',
      path: dir,
    });
  checkTrusted(dir, st, { name: `${what} ${dir}` });
  tighten(dir, st);
}
