import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { Chunks } from './read-rows.js';

/** The import's input as a file that can be read more than once (count first, then send). */
export interface InputFile {
  path: string;
  /** The input as the user named it, for messages. */
  label: string;
  chunks(): Chunks;
  /** The first bytes as text, for format detection. */
  head(): Promise<string>;
}

const HEAD_BYTES = 64 * 1024;
/** Small reads keep few parsed rows waiting in the parser at once: measurably less memory on large files. */
const READ_BYTES = 4 * 1024;

/**
 * Opens FILE, or `-`/nothing for stdin. Stdin is copied to a temporary file first (it cannot be
 * read twice, and the row count must be known before the first request); memory stays flat.
 */
export async function openInput(ctx: Context, file: string | undefined): Promise<InputFile> {
  if (file === undefined || file === '-') {
    if (file === undefined && ctx.io.stdinIsTTY) {
      throw new UsageError('no input: give a FILE, or pipe the rows in', 'shorty urls import links.csv   or   cat links.txt | shorty urls import -');
    }
    return inputFile(await spoolStdin(ctx), 'stdin');
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new UsageError(`${file} is not a file`);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  return inputFile(file, file);
}

function inputFile(path: string, label: string): InputFile {
  return {
    path,
    label,
    // Lazy: the file is opened when the reader starts, with its error handlers in place.
    chunks: () => Readable.from(utf8Checked(path, label), { objectMode: false, highWaterMark: READ_BYTES }),
    async head() {
      const handle = await open(path, 'r');
      try {
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
        return buffer.subarray(0, bytesRead).toString('utf8');
      } finally {
        await handle.close();
      }
    },
  };
}

/**
 * The file's bytes, unchanged, failing at the first invalid UTF-8 sequence: decoding it with
 * replacement characters would create links to URLs nobody wrote. The import reads its whole
 * input before the first request, so this stops it with exit 2 and nothing sent.
 */
async function* utf8Checked(path: string, label: string): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const check = (bytes?: Buffer) => {
    try {
      decoder.decode(bytes, { stream: bytes !== undefined });
    } catch {
      throw new UsageError(`${label} is not valid UTF-8 text`, 'save it as UTF-8 (in a spreadsheet: "CSV UTF-8")');
    }
  };
  for await (const chunk of createReadStream(path, { highWaterMark: READ_BYTES })) {
    check(chunk as Buffer);
    yield chunk as Buffer;
  }
  check();
}

async function spoolStdin(ctx: Context): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shorty-import-'));
  ctx.onClose(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'stdin');
  try {
    await pipeline(ctx.io.stdin, createWriteStream(path, { mode: 0o600 }), { signal: ctx.signal });
  } catch (err) {
    throw ctx.signal.aborted ? ctx.signal.reason : err;
  }
  return path;
}
