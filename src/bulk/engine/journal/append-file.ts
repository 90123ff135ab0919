import { open } from 'node:fs/promises';

/**
 * The file calls an append-only file of records makes (the journal, --failed-out). Tests swap
 * openFileCalls to cut writes short and fill the disk.
 */
export interface FileCalls {
  /** Writes at the end of the file; resolves with how many bytes the system took (maybe fewer). */
  write(bytes: Uint8Array): Promise<number>;
  /** Puts what was written on the disk (fdatasync). */
  sync(): Promise<void>;
  truncate(size: number): Promise<void>;
  close(): Promise<void>;
}

export interface OpenedFile {
  calls: FileCalls;
  /** The size when opened: where the first record goes. */
  size: number;
}

/** Opens `path` for appending ('a') or as a new file ('wx'), mode 0600 when it creates it. */
export async function openFileCalls(path: string, flags: 'a' | 'wx'): Promise<OpenedFile> {
  const handle = await open(path, flags, 0o600);
  try {
    const { size } = await handle.stat();
    return {
      size,
      calls: {
        write: async (bytes) => (await handle.write(bytes)).bytesWritten,
        sync: () => handle.datasync(),
        truncate: (length) => handle.truncate(length),
        close: () => handle.close(),
      },
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

export interface RecordFile {
  /**
   * Appends one record, whole or not at all: when the system takes only part of it (a full disk),
   * what was written is cut off again, so a reader never meets half a record. Appends are written
   * in call order; one that fails does not stop the next from trying.
   */
  append(text: string): Promise<void>;
  /** Waits for the appends, puts them on the disk, closes. */
  close(): Promise<void>;
}

/** A record file over `calls`, `size` bytes long now; `sync` puts every record on the disk before it resolves. */
export function recordFile(
  { calls, size }: OpenedFile,
  opts: { sync: boolean; encode?: (text: string) => Uint8Array },
): RecordFile {
  let end = size;
  // After a failed append whose bytes could not be cut off, the file may end inside a record:
  // the next one starts on a line of its own.
  let torn = false;
  let chain: Promise<void> = Promise.resolve();

  async function write(text: string): Promise<void> {
    const record = torn ? `\n${text}` : text;
    const bytes = opts.encode ? opts.encode(record) : Buffer.from(record);
    try {
      await writeAll(calls, bytes);
      if (opts.sync) await syncData(calls);
      end += bytes.length;
      torn = false;
    } catch (err) {
      torn = await calls.truncate(end).then(
        () => false,
        () => true,
      );
      throw err;
    }
  }

  return {
    append(text) {
      const done = chain.then(() => write(text));
      chain = done.catch(() => {});
      return done;
    },
    async close() {
      await chain;
      try {
        await syncData(calls);
      } finally {
        await calls.close();
      }
    },
  };
}

/** A write the system cut short goes on with the rest; one that takes nothing at all is an error. */
async function writeAll(calls: FileCalls, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.length; ) {
    const written = await calls.write(bytes.subarray(offset));
    if (!(written > 0)) throw Object.assign(new Error('the write was cut short'), { code: 'EIO', syscall: 'write' });
    offset += written;
  }
}

/** fdatasync; a pipe or a device (`--journal /dev/null`) can't be synced and needs not be (EINVAL). */
async function syncData(calls: FileCalls): Promise<void> {
  try {
    await calls.sync();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
  }
}
