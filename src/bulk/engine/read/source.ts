import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Context } from '../../../context.js';
import { EXIT, UsageError } from '../../../errors.js';
import { fileError, isFileError } from '../../../file-errors.js';
import { byteCap, PastCapError } from '../../../util/read-bounded.js';
import { decodeHead, decodeText, byteOrderMark } from './decode.js';

/** The import's input as a file that can be read more than once (count first, then send). */
export interface InputFile {
  path: string;
  /** The input as the user named it, for messages. */
  label: string;
  /** The input's text, decoded as it streams. */
  text(): AsyncIterable<string>;
  /** The first bytes as text, for format detection. */
  head(): Promise<string>;
  /** The encoding the text is read in (a byte order mark's, --encoding, or UTF-8), and whether a mark announced it. */
  encoding(): Promise<TextEncodingUsed>;
}

export interface TextEncodingUsed {
  /** TextDecoder's name of it: utf-8, utf-16le, windows-1252, ... */
  name: string;
  bom: boolean;
}

const HEAD_BYTES = 64 * 1024;
/** Small reads keep few parsed rows waiting in the parser at once: measurably less memory on large files. */
const READ_BYTES = 4 * 1024;

/**
 * Opens FILE, or `-`/nothing for stdin. Stdin is copied to a temporary file first (it cannot be
 * read twice, and the row count must be known before the first request); memory stays flat.
 */
export async function openInput(
  ctx: Context,
  file: string | undefined,
  encoding?: string,
  text?: string,
): Promise<InputFile> {
  if (text !== undefined)
    return inputFile(await spool(ctx, (path) => writeFile(path, text, { mode: 0o600 })), 'the rows', encoding);
  if (file === undefined || file === '-') {
    if (file === undefined && ctx.io.stdinIsTTY) {
      throw new UsageError(
        'no input: give a FILE, or pipe the rows in',
        'shorty urls import links.csv   or   cat links.txt | shorty urls import -',
      );
    }
    return inputFile(await spoolStdin(ctx), 'stdin', encoding);
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new UsageError(`${file} is not a file`);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw fileError(`cannot read ${file}`, err);
  }
  return inputFile(file, file, encoding);
}

function inputFile(path: string, label: string, encoding: string | undefined): InputFile {
  return {
    path,
    label,
    // Lazy: the file is opened when the reader starts, with its error handlers in place.
    text: () =>
      readFailures(label, decodeText(createReadStream(path, { highWaterMark: READ_BYTES }), { encoding, label })),
    async head() {
      return decodeHead(await headBytes(path, label), encoding);
    },
    async encoding() {
      const mark = byteOrderMark(await headBytes(path, label));
      return { name: mark?.encoding ?? encoding ?? 'utf-8', bom: mark !== undefined };
    },
  };
}

async function headBytes(path: string, label: string): Promise<Uint8Array> {
  try {
    const handle = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw isFileError(err) ? fileError(`cannot read ${label}`, err) : err;
  }
}

/** The input's text; a file that can't be read (permissions, a failing disk) says so in one line, exit 2. */
async function* readFailures(label: string, text: AsyncIterable<string>): AsyncGenerator<string> {
  try {
    yield* text;
  } catch (err) {
    throw isFileError(err) ? fileError(`cannot read ${label}`, err) : err;
  }
}

const SPOOL_HINT = 'give the input as a FILE, or set TMPDIR to a folder with room';

/** The most of stdin copied to disk: some million links, far past any real import through a pipe. */
const MAX_STDIN_BYTES = 512 * 1024 * 1024;

/** Copies stdin to a private temp file (removed when the run closes), up to `capBytes`. */
export async function spoolStdin(ctx: Context, capBytes = MAX_STDIN_BYTES): Promise<string> {
  try {
    return await spool(ctx, (path) =>
      pipeline(ctx.io.stdin, byteCap(capBytes), createWriteStream(path, { mode: 0o600 }), { signal: ctx.signal }),
    );
  } catch (err) {
    if (err instanceof PastCapError) {
      throw new UsageError(
        `stdin is larger than ${capBytes / 1024 / 1024} MiB: too large for an import through a pipe`,
        'give the input as a FILE (it is read as it goes, whatever its size)',
      );
    }
    throw err;
  }
}

/** A temp file of its own (removed when the run ends), written by `write`: stdin, or rows given as text. */
async function spool(ctx: Context, write: (path: string) => Promise<void>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shorty-import-')).catch((err) => {
    throw fileError(`cannot make a temp folder for stdin in ${tmpdir()}`, err, EXIT.usage, SPOOL_HINT);
  });
  ctx.onClose(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'stdin');
  try {
    await write(path);
  } catch (err) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    if (err instanceof PastCapError) throw err;
    throw isFileError(err) ? fileError(`cannot copy stdin to ${path}`, err, EXIT.usage, SPOOL_HINT) : err;
  }
  return path;
}
