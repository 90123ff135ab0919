// Paths the user names for shorty to write (--journal, --failed-out) may lie in a folder others
// can write, such as /tmp. There, as Linux's protected_symlinks and protected_fifos have it and
// as ssh treats such folders, what another user put at the name is never followed or opened:
// a link would send the writes to a file of the planter's choosing, a FIFO would hold the run.
import { lstatSync, type Stats, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { currentUid, kindOf } from './private-path.js';

const WRITABLE_BY_OTHERS = 0o022;

/** Whether `folder` lets users other than us (and root) add or replace names in it. */
function othersMayWrite(folder: Stats, uid: number): boolean {
  return (folder.uid !== uid && folder.uid !== 0) || (folder.mode & WRITABLE_BY_OTHERS) !== 0;
}

export interface NamedPath {
  /** The folder others may write, or undefined: then nothing here was refused and nothing needs care. */
  sharedFolder?: string;
  /** Open it with O_NOFOLLOW: in a shared folder, a link that appears after this look is not ours. */
  noFollow: boolean;
}

/**
 * Refuses a path the user named when its folder is one others may write and what is at the name
 * belongs to another user (a link, a FIFO, a device, or a file): exit 2 naming it, its owner, and
 * the fix. Nothing there, or the user's own (or root's), is fine. Windows has no owners to compare.
 */
export function checkNamedPath(path: string, what: string): NamedPath {
  const uid = currentUid();
  if (uid === undefined) return { noFollow: false };
  const folder = dirname(resolve(path));
  let folderStat: Stats;
  try {
    folderStat = statSync(folder);
  } catch {
    // No folder: the write itself fails, naming it.
    return { noFollow: false };
  }
  if (!othersMayWrite(folderStat, uid)) return { noFollow: false };
  const entry = lstatSync(path, { throwIfNoEntry: false });
  if (entry && entry.uid !== uid && entry.uid !== 0)
    throw new UsageError(
      `${what} ${path} is ${kindOf(entry)} of another user (uid ${entry.uid}) in ${folder}, a folder others may ` +
        `write: shorty does not follow or open it; choose a path in a folder of yours, or remove it (rm ${path})`,
    );
  // The user's own link was made by the user; anything else appearing later is not.
  return { sharedFolder: folder, noFollow: !entry?.isSymbolicLink() };
}
