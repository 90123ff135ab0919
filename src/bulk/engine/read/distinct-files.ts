import type { Context } from '../../../context.js';
import { fstat, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { UsageError } from '../../../errors.js';
import { checkNamedPath } from '../../../settings/shared-folders.js';

/** A file the import reads or writes, and how the user named it (`the input`, `--journal`). */
export interface NamedFile {
  role: string;
  /** A path, or a file descriptor (stdin, which a shell may have opened on a file). */
  path?: string;
  fd?: number;
}

/**
 * Refuses an import whose input, --journal and --failed-out are one file under two names (the
 * same path, a symlink, a hard link, stdin redirected from it): the journal would be appended to
 * the input and --failed-out would truncate it. Runs before anything is read or sent. Devices and
 * pipes (/dev/null, a FIFO) are not files that can be clobbered, so they are never compared.
 */
export async function checkDistinctFiles(files: NamedFile[]): Promise<void> {
  const seen = new Map<string, NamedFile>();
  for (const file of files) {
    for (const key of await identities(file)) {
      const other = seen.get(key);
      if (other && other !== file) {
        throw new UsageError(
          `${other.role} and ${file.role} are the same file (${file.path ?? other.path ?? 'stdin'})`,
          'give the journal and the failed rows files of their own, e.g. links.journal and failed.csv',
        );
      }
      seen.set(key, file);
    }
  }
}

async function identities(file: NamedFile): Promise<string[]> {
  let info: Stats | undefined;
  try {
    info = file.fd !== undefined ? await promisify(fstat)(file.fd) : file.path ? await stat(file.path) : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || !file.path) return [];
  }
  if (info && !info.isFile()) return [];
  const keys: string[] = [];
  if (info && info.ino !== 0) keys.push(`inode:${info.dev}:${info.ino}`);
  if (file.path) keys.push(`path:${await realPath(file.path)}`);
  return keys;
}

/** The real path of a file, or of its folder when the file does not exist yet. */
async function realPath(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    try {
      return join(await realpath(dirname(path)), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

/** The input, the journal and the failed rows must be three files, or the run would clobber its input. */
export async function checkImportFiles(
  ctx: Context,
  opts: { file?: string; text?: string; journal?: string; failedOut?: string },
): Promise<void> {
  // Before anything is read (a dry run reads the journal too): nothing another user put in a shared folder.
  if (opts.journal !== undefined) checkNamedPath(opts.journal, '--journal');
  if (opts.failedOut !== undefined) checkNamedPath(opts.failedOut, '--failed-out');
  const stdinFd = (ctx.io.stdin as { fd?: unknown }).fd;
  const input =
    opts.text !== undefined
      ? { role: 'the input' }
      : opts.file === undefined || opts.file === '-'
        ? { role: 'the input (stdin)', fd: typeof stdinFd === 'number' ? stdinFd : undefined }
        : { role: 'the input', path: opts.file };
  await checkDistinctFiles([
    input,
    ...(opts.journal === undefined ? [] : [{ role: '--journal', path: opts.journal }]),
    ...(opts.failedOut === undefined ? [] : [{ role: '--failed-out', path: opts.failedOut }]),
  ]);
}
