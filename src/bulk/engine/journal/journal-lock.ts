import { open, realpath, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../../../errors.js';
import { fileError } from '../../../file-errors.js';
import { tryFileLock } from '../../../util/pid-lock.js';

export interface LockOptions {
  /** Make the journal when it does not exist yet (a run that will write it), so its identity can be locked. */
  create?: boolean;
}

/**
 * Keeps a second run off the journal while this one runs (two would create every row twice):
 * one lock per journal file, whatever name reaches it. The lock is `<real path>.lock` (a symlink
 * and its target are one journal), and for a file with several hard links also one named by its
 * device and inode in the temp folder. A lock whose owner is dead (killed, crashed) is taken over.
 * A device (/dev/null) has nothing to protect. A pipe is refused: reading it back would wait for
 * a writer, past Ctrl-C (a read the system is blocked in can't be called off).
 */
export async function lockJournal(path: string, opts: LockOptions = {}): Promise<() => void> {
  let info = await stat(path).catch(() => undefined);
  if (info?.isFIFO() || info?.isSocket()) {
    throw new UsageError(
      `--journal ${path} is a pipe, not a file`,
      'a journal is read back when the import runs again: give it a file',
    );
  }
  if (info && !info.isFile()) return () => {};
  if (!info && opts.create) {
    await (
      await open(path, 'a').catch((err) => Promise.reject(fileError(`cannot write the journal ${path}`, err)))
    ).close();
    info = await stat(path);
  }
  const locks = [`${await realPathOf(path)}.lock`];
  if (info && info.nlink > 1) locks.push(join(tmpdir(), `shorty-journal-${info.dev}-${info.ino}.lock`));
  const releases: (() => void)[] = [];
  try {
    for (const lockPath of locks) releases.push(take(path, lockPath));
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

function take(path: string, lockPath: string): () => void {
  let lock: ReturnType<typeof tryFileLock>;
  try {
    lock = tryFileLock(lockPath);
  } catch (err) {
    throw fileError(`cannot lock the journal ${path} (${lockPath})`, err);
  }
  if ('release' in lock) return lock.release;
  const { pid, host } = lock.holder;
  const who =
    pid === undefined ? 'another process' : `process ${pid}${host && host !== hostname() ? ` on ${host}` : ''}`;
  throw new UsageError(
    `the journal ${path} is in use by another run (${who})`,
    `wait for it to finish, or stop it; if it is not running any more, remove ${lockPath}`,
  );
}
