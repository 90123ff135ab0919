// The one rule for the files and folders shorty keeps (the config folder, config.json, the
// rate-limit state, the name cache, their locks), as ssh's StrictModes has it: they are used only
// when they are the user's (or root's) and no other user may write them, nor any folder above them
// up to the home folder; inside them no link is written through; a FIFO or a device where a file
// should be is refused, never opened for a read that would wait. Every reader and writer of
// those files asks here (writes through private-write.ts).
import { chmodSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { realpathSync, type Stats, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { UsageError } from '../errors.js';

/** Whose files are trusted besides root; undefined where files have no owner to check (Windows). */
function currentUid(): number | undefined {
  return process.platform === 'win32' ? undefined : process.getuid?.();
}

const WRITABLE_BY_OTHERS = 0o022;
const STICKY = 0o1000;

function modeText(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}

interface Named {
  /** What it is, with its path: `the config file /home/ann/.config/shorty/config.json`. */
  name: string;
  /** The path a fix acts on (default: the one checked); for a link, the link is what to remove. */
  remove?: string;
  /** A folder such as /tmp, writable by all but whose entries only their owners may rename, is fine above ours. */
  sticky?: boolean;
}

/** Exit 2 for a file or folder another user owns or may write, naming it, its owner and mode, and the fix. */
function checkTrusted(path: string, st: Stats, named: Named): void {
  const uid = currentUid();
  if (uid === undefined) return;
  const mode = modeText(st.mode);
  if (st.uid !== uid && st.uid !== 0)
    throw new UsageError(
      `${named.name} belongs to another user (uid ${st.uid}, mode ${mode}), and shorty uses only what is yours: ` +
        `remove it (rm -r ${named.remove ?? path}), or if it is yours, chown ${uid} ${path}`,
    );
  if (st.isSymbolicLink()) return; // a link's own mode means nothing; what it points at is checked
  if ((st.mode & WRITABLE_BY_OTHERS) !== 0 && !(named.sticky && (st.mode & STICKY) !== 0))
    throw new UsageError(
      `${named.name} may be written by other users (owner uid ${st.uid}, mode ${mode}): chmod go-w ${path}`,
    );
}

/** `a FIFO`, `a device`: what a non-file is, for messages. */
function kindOf(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a file';
}

function notAFile(path: string, st: Stats, what: string): UsageError {
  return new UsageError(`${what} ${path} is ${kindOf(st)}, not a file: remove it (rm ${path})`);
}

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
export function checkFoldersAbove(path: string): void {
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
      checkTrusted(dir, st, { name: `the folder ${dir} (above ${path})`, sticky: true });
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

export interface PrivateText {
  text: string;
  /** The file's mode, for a warning when others may read it. */
  mode: number;
}

const OPEN_FOR_READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a file of shorty's: undefined when it is not there (or can't be reached: a folder on the
 * way that may not be entered). A FIFO, a device or a socket is refused without being read (a
 * read would wait forever), as is a file another user owns or may write. A link is read through
 * only to such a file of the user's. A file that can't be read is thrown as the failed call.
 */
export function readPrivateFile(path: string, what: string): PrivateText | undefined {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') return undefined;
    throw err;
  }
  // Before opening: opening some devices acts on them.
  if (!st.isFile() && !st.isDirectory()) throw notAFile(path, st, what);
  const fd = openSync(path, OPEN_FOR_READ);
  try {
    // What was opened is what counts: the name may have been replaced since.
    const opened = fstatSync(fd);
    if (!opened.isFile() && !opened.isDirectory()) throw notAFile(path, opened, what);
    checkTrusted(path, opened, { name: `${what} ${path}` });
    return { text: readFileSync(fd, 'utf8'), mode: opened.mode & 0o777 };
  } finally {
    closeSync(fd);
  }
}

/**
 * Before a file of shorty's is replaced: refused when it is a link (write-file-atomic would write
 * where it points), not a file, or another user's. Nothing there is fine.
 */
export function checkFileToReplace(path: string, what: string): void {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (st.isSymbolicLink())
    throw new UsageError(
      `${what} ${path} is a symbolic link, and shorty never writes through a link in its folders: remove it (rm ${path})`,
    );
  // A folder there fails the write itself, as any file call that can't be done.
  if (!st.isFile() && !st.isDirectory()) throw notAFile(path, st, what);
  checkTrusted(path, st, { name: `${what} ${path}` });
}
