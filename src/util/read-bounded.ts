// The one way shorty reads a stream it did not open (stdin, a file named by the user): up to a
// size, and no longer than the run. Past the size it stops reading, so an endless source
// (/dev/zero, a runaway pipe) costs a moment, never the memory or the disk; Ctrl-C or SIGTERM
// ends a read that waits for input which never comes.
// fs.promises, not node:fs/promises: every request imports this file's limits, and Node loads
// its promise API (with readline and more) only when it is first used.
import { constants, promises as fs } from 'node:fs';
import { Transform } from 'node:stream';

/**
 * The largest body shorty sends or reads, a request's or an answer's: a page of 500 links is far
 * less. Past it, a misconfigured proxy, an endless body or /dev/zero is cut off before it fills
 * the memory.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The largest key or password read from stdin: far above any real one, far below a mistake. */
export const MAX_SECRET_BYTES = 4 * 1024;

/**
 * Reads a stream whole, up to `maxBytes`: past that it stops reading (and closes the stream).
 * With `signal`, an abort ends the read at once with the signal's reason, data or not.
 */
export async function readBounded(
  stream: AsyncIterable<Buffer | string>,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<{ bytes: Buffer } | { tooLarge: true }> {
  signal?.throwIfAborted();
  const iterator = stream[Symbol.asyncIterator]();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal?.reason);
  });
  aborted.catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) return { bytes: Buffer.concat(chunks) };
      const bytes = Buffer.isBuffer(next.value) ? next.value : Buffer.from(String(next.value));
      size += bytes.length;
      if (size > maxBytes) return { tooLarge: true };
      chunks.push(bytes);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Closes the stream, without waiting for a read that may never complete.
    void iterator.return?.()?.catch(() => {});
  }
}

/**
 * A regular file read whole, up to `maxBytes`. Opened without waiting (a FIFO's open waits for a
 * writer that may never come) and, with `noFollow`, without following a link; then checked on the
 * open file itself, so a file swapped for a FIFO or a device after a look is refused too. The
 * open's own failure is thrown as it is.
 */
export async function readRegularFile(
  path: string,
  maxBytes: number,
  opts: { noFollow?: boolean } = {},
): Promise<{ bytes: Buffer } | { tooLarge: true } | { notRegular: true }> {
  const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (opts.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0);
  const handle = await fs.open(path, flags);
  try {
    if (!(await handle.stat()).isFile()) return { notRegular: true };
    return await readBounded(handle.createReadStream({ autoClose: false }), maxBytes);
  } finally {
    await handle.close();
  }
}

/** What a stream carried past the cap of `capBytes`: the copy is stopped with this error. */
export class PastCapError extends Error {
  constructor(readonly capBytes: number) {
    super(`more than ${capBytes} bytes`);
  }
}

/** A pass-through that fails with PastCapError once more than `capBytes` went through it (for a copy to disk). */
export function byteCap(capBytes: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > capBytes ? new PastCapError(capBytes) : null, size > capBytes ? undefined : chunk);
    },
  });
}
