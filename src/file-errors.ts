import { EXIT, ShortyError } from './errors.js';

/** The codes of failed file calls a person can act on: what each means, and what to do. */
const FILE_ERRORS: Record<string, [reason: string, hint: string]> = {
  EACCES: ['permission denied', 'check the permissions of the file and of its folder'],
  EPERM: ['operation not permitted', 'check the permissions and the owner of the file and of its folder'],
  EISDIR: ['it is a folder', 'give the path of a file'],
  ENOTDIR: ['a part of the path is not a folder', 'check the path'],
  ENOENT: ['no such file or folder', 'check the path'],
  ENOSPC: ['no space left on the device', 'free some space, or choose a path on another disk'],
  EDQUOT: ['disk quota exceeded', 'free some space, or choose a path on another disk'],
  EFBIG: ['the file is too large', 'choose a path on another disk'],
  EROFS: ['read-only file system', 'choose a path on a writable disk'],
  EIO: ['input/output error', 'the disk (or network file system) failed: check it, then try again'],
  ELOOP: ['too many symbolic links', 'check the path'],
  ENAMETOOLONG: ['the name is too long', 'choose a shorter path'],
  EMFILE: ['too many open files', 'close some programs, or raise the limit (ulimit -n)'],
  ENFILE: ['too many open files in the system', 'close some programs, then try again'],
  EBUSY: ['the file is busy', 'try again when the program using it is done'],
  ETXTBSY: ['the file is busy', 'try again when the program using it is done'],
  // shorty's own, for a FIFO, a device, a socket or a link where it keeps a lock (src/util/lock.ts).
  EFTYPE: ["not a lock of shorty's", 'remove it: shorty makes its locks again'],
};

type ErrnoError = NodeJS.ErrnoException & { code: string; dest?: string };

/** An error of a file call (open, read, write, mkdir, rename, ...) whose code is one of the above. */
export function isFileError(err: unknown): err is ErrnoError {
  const e = err as NodeJS.ErrnoException | null | undefined;
  return typeof e?.code === 'string' && Object.hasOwn(FILE_ERRORS, e.code) && typeof e.syscall === 'string';
}

/** `no space left on the device (ENOSPC)`; the error's own message when its code is not one of ours. */
export function fileErrorReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null | undefined)?.code;
  // Its message names the path and what is there: more than the table's words.
  if (code === 'EFTYPE' && err instanceof Error) return err.message;
  if (typeof code === 'string' && Object.hasOwn(FILE_ERRORS, code)) return `${FILE_ERRORS[code][0]} (${code})`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * One error for a failed file call: `<what>: <reason>` and a hint, e.g. `cannot write the journal
 * j.log: no space left on the device (ENOSPC)`. Exit 2 by default: shorty opens its files before
 * the first request, so nothing has been sent yet.
 */
export function fileError(what: string, err: unknown, exitCode: number = EXIT.usage, hint?: string): ShortyError {
  const code = (err as NodeJS.ErrnoException | null | undefined)?.code;
  // Something planted where shorty keeps a lock is a refusal before any request, whatever the caller's code.
  if (code === 'EFTYPE') return new ShortyError(`${what}: ${fileErrorReason(err)}`, EXIT.usage);
  const known = typeof code === 'string' && Object.hasOwn(FILE_ERRORS, code) ? FILE_ERRORS[code][1] : undefined;
  return new ShortyError(`${what}: ${fileErrorReason(err)}`, exitCode, hint ?? known);
}

/**
 * What to do when a file of the config folder (the settings, the rate-limit state) cannot be
 * written: free space, permissions, or another folder (the user gave no path to correct).
 */
export function configFolderHint(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return 'free some space on that disk, or set SHORTY_CONFIG_DIR to a folder on another one';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return 'set SHORTY_CONFIG_DIR to a folder you can write, or fix the permissions of this one';
  return 'check that folder, or set SHORTY_CONFIG_DIR to another one';
}

const VERBS: Record<string, string> = {
  open: 'open',
  read: 'read',
  stat: 'read',
  lstat: 'read',
  scandir: 'read the folder',
  write: 'write',
  fsync: 'write',
  fdatasync: 'write',
  ftruncate: 'write',
  mkdir: 'create the folder',
  rename: 'replace',
  unlink: 'remove',
  rmdir: 'remove',
  chmod: 'change the mode of',
  copyfile: 'copy',
  realpath: 'find',
};

/** A file error nobody wrapped, said as well as it can be: `cannot open /x/y: permission denied (EACCES)`. */
export function unexpectedFileError(err: ErrnoError): ShortyError {
  const verb = VERBS[err.syscall ?? ''] ?? 'use';
  const target = err.dest ?? err.path;
  return fileError(target ? `cannot ${verb} ${target}` : `a file operation (${err.syscall}) failed`, err, EXIT.api);
}
