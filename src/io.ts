import { fstatSync, statSync, writeSync, type Stats } from 'node:fs';
import type { Readable, Writable } from 'node:stream';

/** Where commands write their text: a stream, or the lighter writer of a piped stdout (below). */
export interface TextOut {
  /** Like Writable.write: false asks the caller to wait for 'drain'. */
  write(text: string, callback?: (err?: Error | null) => void): boolean;
  once(event: 'drain', listener: () => void): unknown;
}

/** The streams a command may touch; injected so commands are testable without patching globals. */
export interface IO {
  stdout: TextOut;
  stderr: Writable;
  stdin: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Terminal width for tables and progress bars; undefined when not a TTY. */
  columns?: number;
  /** Calls `done` once all that was written to stdout has been handed to the system. */
  flush(done: () => void): void;
}

/**
 * The real streams. `failed` gets the errors of stdout and stderr (a reader that went away:
 * EPIPE). Streams are created when first used: each costs start-up time, and most runs never
 * touch stdin or stderr.
 */
export function processIO(failed: (err: NodeJS.ErrnoException) => void = (err) => { throw err; }): IO {
  const streams: { stdout?: NodeJS.WriteStream; stderr?: NodeJS.WriteStream } = {};
  const open = (name: 'stdout' | 'stderr'): NodeJS.WriteStream => {
    let stream = streams[name];
    if (!stream) {
      stream = streams[name] = process[name];
      stream.on('error', failed);
    }
    return stream;
  };
  const kind = outputKind(1);
  const piped = kind !== 'other';
  return {
    stdout: piped ? descriptorOut(1, kind === 'file' ? Infinity : WAIT_FREE_BYTES, () => open('stdout'), failed) : open('stdout'),
    get stderr() {
      return open('stderr');
    },
    get stdin() {
      return process.stdin;
    },
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    get stderrIsTTY() {
      return Boolean(open('stderr').isTTY);
    },
    stdoutIsTTY: piped ? false : Boolean(open('stdout').isTTY),
    columns: piped ? undefined : open('stdout').columns,
    flush: (done) => {
      if (streams.stdout) streams.stdout.write('', () => done());
      else done();
    },
  };
}

/** A regular file or /dev/null, a pipe or socket, or anything else (a terminal, a closed fd). */
function outputKind(fd: number): 'file' | 'pipe' | 'other' {
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() || isDevNull(stat)) return 'file';
    return stat.isFIFO() || stat.isSocket() ? 'pipe' : 'other';
  } catch {
    return 'other'; // closed or unknown: process.stdout decides what to do
  }
}

/**
 * `> /dev/null` is common in scripts, and process.stdout for it (a SyncWriteStream) costs a run
 * 5-7 ms of stream machinery; write(2) takes it as it takes a file. Only a character device is
 * compared with /dev/null (a terminal is one too); where there is none (Windows), nothing is.
 */
function isDevNull(stat: Stats): boolean {
  if (!stat.isCharacterDevice()) return false;
  try {
    const devNull = statSync('/dev/null');
    return devNull.isCharacterDevice() && devNull.rdev === stat.rdev && devNull.ino === stat.ino;
  } catch {
    return false;
  }
}

/**
 * What a pipe takes without waiting for its reader, whoever reads it: a default pipe holds
 * 64 KiB on Linux and at least 16 KiB on macOS.
 */
const WAIT_FREE_BYTES = 16 * 1024;

/**
 * stdout when it is a file or a pipe, written with write(2) directly: creating process.stdout
 * for it loads node:net and the stream machinery, ~2-3 ms of every run that prints something.
 * Each write is complete when write() returns, so there is no 'drain' to wait for. A write may
 * not wait for a pipe's reader, though: a blocked write would freeze the event loop, and Ctrl-C
 * and the timers of requests in flight with it (`shorty urls list --all | less`). So past the first
 * `waitFreeBytes` (all of a help page or a page of a list), and whenever the descriptor
 * refuses to block (EAGAIN), output goes through process.stdout, which waits for the reader
 * without blocking anything.
 */
function descriptorOut(fd: number, waitFreeBytes: number, fallback: () => NodeJS.WriteStream,
  failed: (err: NodeJS.ErrnoException) => void): TextOut {
  let stream: NodeJS.WriteStream | undefined;
  let written = 0;
  return {
    write(text, callback) {
      if (stream) return stream.write(text, callback);
      const bytes = Buffer.from(text, 'utf8');
      if (written + bytes.length > waitFreeBytes) {
        stream = fallback();
        return stream.write(bytes, callback);
      }
      let done = 0;
      try {
        while (done < bytes.length) done += writeSync(fd, bytes, done);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') {
          failed(err as NodeJS.ErrnoException);
          callback?.(err as Error);
          return true;
        }
        stream = fallback();
        return stream.write(bytes.subarray(done), callback);
      } finally {
        written += done;
      }
      if (callback) queueMicrotask(() => callback(null));
      return true;
    },
    once(event, listener) {
      // Until the fallback, every write is finished when write() returns: no 'drain' to wait for.
      stream?.once(event, listener);
      return this;
    },
  };
}

/** Colour only on a TTY, never with NO_COLOR (any value) or --no-color. */
export function colorEnabled(io: IO, env: Record<string, string | undefined>, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return io.stdoutIsTTY;
}

/** Prompts are only possible when a person is at both ends. */
export function canPrompt(io: IO): boolean {
  return io.stdinIsTTY && io.stdoutIsTTY;
}

export interface TestIO extends IO {
  out(): string;
  err(): string;
}

/** In-memory IO for tests of main(): collects stdout/stderr, feeds stdin from a string. */
export async function createTestIO(opts: { stdin?: string; tty?: boolean; columns?: number } = {}): Promise<TestIO> {
  const { PassThrough, Readable: R } = await import('node:stream');
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (c: Buffer) => out.push(Buffer.from(c)));
  stderr.on('data', (c: Buffer) => err.push(Buffer.from(c)));
  const tty = opts.tty ?? false;
  return {
    stdout,
    stderr,
    stdin: R.from(opts.stdin === undefined ? [] : [opts.stdin]),
    stdoutIsTTY: tty,
    stderrIsTTY: tty,
    stdinIsTTY: tty,
    columns: tty ? (opts.columns ?? 100) : undefined,
    flush: (done) => done(),
    out: () => Buffer.concat(out).toString('utf8'),
    err: () => Buffer.concat(err).toString('utf8'),
  };
}
