// The files of shorty's own, read and checked for replacing: the rule is private-path.ts's.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats, statSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { checkTrusted, notAFile } from './private-path.js';

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
