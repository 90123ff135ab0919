// The one rule for the files and folders shorty keeps (the config folder, config.json, the
// rate-limit state, the name cache, their locks), as ssh's StrictModes has it: they are used only
// when they are the user's (or root's) and no other user may write them. private-folders.ts
// applies it to the config folder, the folders above it and those shorty makes in it;
// private-files.ts and private-write.ts to the files read and replaced there. See
// docs/design/security.md.
import type { Stats } from 'node:fs';
import { UsageError } from '../errors.js';

/** Whose files are trusted besides root; undefined where files have no owner to check (Windows). */
export function currentUid(): number | undefined {
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
  /** What to do about another user's: by default, remove it or take it back. */
  notYours?: string;
}

/** Exit 2 for a file or folder another user owns or may write, naming it, its owner and mode, and the fix. */
export function checkTrusted(path: string, st: Stats, named: Named): void {
  const uid = currentUid();
  if (uid === undefined) return;
  const mode = modeText(st.mode);
  if (st.uid !== uid && st.uid !== 0)
    throw new UsageError(
      `${named.name} belongs to another user (uid ${st.uid}, mode ${mode}), and shorty uses only what is yours: ` +
        (named.notYours ?? `remove it (rm -r ${named.remove ?? path}), or if it is yours, chown ${uid} ${path}`),
    );
  if (st.isSymbolicLink()) return; // a link's own mode means nothing; what it points at is checked
  if ((st.mode & WRITABLE_BY_OTHERS) !== 0 && !(named.sticky && (st.mode & STICKY) !== 0))
    throw new UsageError(
      `${named.name} may be written by other users (owner uid ${st.uid}, mode ${mode}): chmod go-w ${path}`,
    );
}

/** `a FIFO`, `a device`: what is at a path, for messages. */
export function kindOf(st: Stats): string {
  if (st.isFile()) return 'a file';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a file';
}

export function notAFile(path: string, st: Stats, what: string): UsageError {
  return new UsageError(`${what} ${path} is ${kindOf(st)}, not a file: remove it (rm ${path})`);
}
