import { stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { tryFileLock } from '../util/pid-lock.js';
import { UsageError } from '../errors.js';
import { fileError } from '../file-errors.js';

/**
 * Keeps a second import off the journal while this one runs (two would create every row twice):
 * `<journal>.lock` holds our pid. A lock whose owner is dead (killed, crashed) is taken over.
 * A device (/dev/null) has nothing to protect. A pipe is refused: reading it back would wait for
 * a writer, past Ctrl-C (a read the system is blocked in can't be called off).
 */
export async function lockJournal(path: string): Promise<() => void> {
  const info = await stat(path).catch(() => undefined);
  if (info?.isFIFO() || info?.isSocket()) {
    throw new UsageError(
      `--journal ${path} is a pipe, not a file`,
      'a journal is read back when the import runs again: give it a file',
    );
  }
  if (info && !info.isFile()) return () => {};
  const lockPath = `${path}.lock`;
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
    `the journal ${path} is in use by another import (${who})`,
    `wait for it to finish, or stop it; if it is not running any more, remove ${lockPath}`,
  );
}
