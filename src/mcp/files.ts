// The one way a tool reads a file: only inside the folder the user named when starting the server
// (`shorty mcp --files DIR`), never shorty's own folders (config with keys, cache, rate state,
// journals), never through a link leading out, never a device, FIFO or /proc file. A model can be
// led by a hostile name in the account to ask for ~/.ssh/id_rsa: every refusal names the path as
// given and the reason, never a byte of what is there.
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { readRegularFile } from '../util/read-bounded.js';

/** Bytes of one file a tool may read: an import of ~100,000 links. */
const FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Kernel views that stat as regular files but hold the process's secrets (/proc/self/environ). */
const SYSTEM_VIEWS = ['/proc', '/sys', '/dev'];

export interface FileGate {
  /** The folder, as its real path. */
  readonly dir: string;
  /** The text of a regular file inside the folder, or a UsageError saying why not. */
  read(path: string): Promise<string>;
}

const inside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/** The gate of `dir`, checked now: it must be a folder. `closed`: folders never read (shorty's own). */
export async function openFileGate(dir: string, closed: readonly string[]): Promise<FileGate> {
  const root = await realpath(dir).catch(() => {
    throw new UsageError(`--files ${dir}: no such folder`);
  });
  const shut = await Promise.all(closed.map((folder) => realpath(folder).catch(() => resolve(folder))));
  return {
    dir: root,
    read: async (given) => {
      const refuse = (why: string) =>
        new UsageError(`cannot read ${JSON.stringify(given)}: ${why}`, `only files inside ${root} can be read`);
      const path = await realpath(resolve(root, given)).catch(() => {
        throw refuse('no such file inside the folder the server may read');
      });
      if (!inside(root, path)) throw refuse('it is outside the folder the server may read');
      if (shut.some((folder) => inside(folder, path))) throw refuse("it is in shorty's own folders");
      if (SYSTEM_VIEWS.some((view) => inside(view, path))) throw refuse('it is not a regular file');
      return readRegular(path, refuse);
    },
  };
}

/**
 * Opened without following a link and without blocking (a FIFO swapped in after the real path was
 * taken must not hang the server), then checked on the open file itself: a regular file, small
 * enough. Read to one byte past the cap, so a file growing meanwhile cannot pass it.
 */
async function readRegular(path: string, refuse: (why: string) => Error): Promise<string> {
  const read = await readRegularFile(path, FILE_MAX_BYTES, { noFollow: true }).catch(() => {
    throw refuse('it cannot be opened');
  });
  if ('notRegular' in read) throw refuse('it is not a regular file');
  if ('tooLarge' in read) throw refuse(`it is larger than ${FILE_MAX_BYTES / 1024 / 1024} MiB`);
  return read.bytes.toString('utf8');
}
