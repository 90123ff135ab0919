import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../../../errors.js';
import { fileError } from '../../../file-errors.js';
import { checkNamedPath } from '../../../settings/shared-folders.js';
import { tryRunLock } from '../../../util/lock.js';
import { identityLockFolders } from './identity-lock-folders.js';

export interface LockOptions {
  /** Make the journal when it does not exist yet (a run that will write it), so its identity can be locked. */
  create?: boolean;
  /** The user's config folder: a lock of the journal's identity is kept under it (see identityLockFolders). */
  configDir: string;
}

/** A journal replaced by a rename between our stat and our lock is looked at again, this many times. */
const REPLACED_TRIES = 3;

/** A journal made here: the user's alone (it names every link of the run), never through a link planted in a shared folder. */
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | (constants.O_NONBLOCK ?? 0);

/**
 * Keeps a second run off the journal while this one runs (two would create every row twice):
 * one run per journal file, whatever names reach it, whatever config folder and temp folder each
 * run has. The locks, all taken: those keyed by the file's identity (device and inode) in the
 * user's folders (identityLockFolders), which every name of the file (hard links in any folder,
 * symlinks) meets; and
 * `<real path>.lock` beside it, which a journal replaced by a rename under the same name meets
 * (the replacement is a new inode). Both are run locks (src/util/lock.ts): one whose owner is
 * dead (killed, crashed) is taken over at once.
 * A device (/dev/null) has nothing to protect. A pipe is refused: reading it back would wait for
 * a writer, past Ctrl-C (a read the system is blocked in can't be called off).
 */
export async function lockJournal(path: string, opts: LockOptions): Promise<() => void> {
  const named = checkNamedPath(path, '--journal');
  for (let attempt = 1; ; attempt++) {
    let info = await stat(path).catch(() => undefined);
    if (info?.isFIFO() || info?.isSocket()) {
      throw new UsageError(
        `--journal ${path} is a pipe, not a file`,
        'a journal is read back when the import runs again: give it a file',
      );
    }
    if (info && !info.isFile()) return () => {};
    if (!info && opts.create) {
      const flags = CREATE | (named.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0);
      await (
        await open(path, flags, 0o600).catch((err) =>
          Promise.reject(fileError(`cannot write the journal ${path}`, err)),
        )
      ).close();
      info = await stat(path);
    }
    // Run locks of these names: `<real path>.lock` and `locks/journal-<dev>-<ino>.lock`.
    const locks = [await realPathOf(path)];
    if (info) {
      const { dev, ino } = info;
      locks.push(...identityLockFolders(path, opts.configDir).map((dir) => join(dir, `journal-${dev}-${ino}`)));
    }
    const release = await takeAll(path, locks);
    // Renamed over while we locked: the locks name a file that is no longer the journal.
    const now = await stat(path).catch(() => undefined);
    if (!info || (now && now.dev === info.dev && now.ino === info.ino) || attempt >= REPLACED_TRIES) return release;
    release();
  }
}

async function takeAll(path: string, locks: string[]): Promise<() => void> {
  const releases: (() => void)[] = [];
  try {
    for (const lock of locks) releases.push(await take(path, lock));
  } catch (err) {
    for (const release of releases) release();
    throw err;
  }
  return () => {
    for (const release of releases) release();
  };
}

/** The journal's real path; for one not made yet, its real folder's. */
async function realPathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return join(await realpath(dirname(path)).catch(() => dirname(path)), basename(path));
  }
}

async function take(path: string, lockOf: string): Promise<() => void> {
  const lockPath = `${lockOf}.lock`;
  let lock: Awaited<ReturnType<typeof tryRunLock>>;
  try {
    lock = await tryRunLock(lockOf);
  } catch (err) {
    throw fileError(`cannot lock the journal ${path} (${lockPath})`, err);
  }
  if ('release' in lock) return lock.release;
  const { pid, host } = lock.holder;
  const who =
    pid === undefined ? 'another process' : `process ${pid}${host && host !== hostname() ? ` on ${host}` : ''}`;
  throw new UsageError(
    `the journal ${path} is in use by another run (${who})`,
    `wait for it to finish, or stop it; if it is not running any more, remove the folder ${lockPath}`,
  );
}
