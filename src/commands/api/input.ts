// The body of `shorty api --input`: a regular file, or stdin; bounded in size and by the run.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { MAX_BODY_BYTES, readBounded, readRegularFile } from '../../util/read-bounded.js';

/**
 * The text of `--input FILE` or `--input -`. A FIFO, a device or a folder is refused: opening a
 * FIFO waits for a writer that may never come, and a device may never end; a pipe is given as
 * stdin. The file is opened without waiting and checked once open, so a file swapped for a FIFO
 * after a look is refused too.
 */
export async function readInput(ctx: Context, source: string): Promise<string> {
  const shown = source === '-' ? 'stdin' : source;
  const read = source === '-' ? await readBounded(ctx.io.stdin, MAX_BODY_BYTES, ctx.signal) : await readFile(source);
  if ('tooLarge' in read) {
    throw new UsageError(
      `--input ${shown}: larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB, the most a request body may be`,
    );
  }
  return read.bytes.toString('utf8');
}

async function readFile(path: string): Promise<{ bytes: Buffer } | { tooLarge: true }> {
  const read = await readRegularFile(path, MAX_BODY_BYTES).catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`--input ${path}: cannot read the file (${err.code ?? 'error'})`);
  });
  if ('notRegular' in read) {
    throw new UsageError(
      `--input ${path}: not a regular file`,
      `give a file, or pipe it: ... | shorty api ... --input -`,
    );
  }
  return read;
}
