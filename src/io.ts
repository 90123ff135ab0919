import type { Readable, Writable } from 'node:stream';

/** The streams a command may touch; injected so commands are testable without patching globals. */
export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Terminal width for tables, views and progress bars; undefined when stdout is not a TTY. */
  columns?: number;
  /** Terminal height for views (`urls get`, `--watch`); undefined when stdout is not a TTY. */
  rows?: number;
  /** Calls `done` once all that was written to stdout has been handed to the system. */
  flush(done: () => void): void;
}

/**
 * The real streams. `failed` gets the first write errors of stdout and stderr (a reader that went
 * away: EPIPE; a full disk: ENOSPC; EIO). stderr and stdin are looked up only when used: most runs
 * never touch them.
 */
export function processIO(failed: (err: NodeJS.ErrnoException, stream: 'stdout' | 'stderr') => void): IO {
  const watch = (stream: NodeJS.WriteStream, name: 'stdout' | 'stderr') =>
    stream.on('error', (err) => failed(causeOf(stream, err), name));
  const stdout = watch(process.stdout, 'stdout');
  let stderr: NodeJS.WriteStream | undefined;
  const openStderr = () => (stderr ??= watch(process.stderr, 'stderr'));
  return {
    stdout,
    get stderr() {
      return openStderr();
    },
    get stdin() {
      return process.stdin;
    },
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    get stderrIsTTY() {
      return Boolean(openStderr().isTTY);
    },
    stdoutIsTTY: Boolean(stdout.isTTY),
    // Read at each use: a terminal resized during --watch gets the next frame in its new size.
    get columns() {
      return stdout.isTTY ? terminalSize(stdout.columns, process.env.COLUMNS, 80) : undefined;
    },
    get rows() {
      return stdout.isTTY ? terminalSize(stdout.rows, process.env.LINES, 24) : undefined;
    },
    // The callback of the last write is the first to learn that stdout failed: its 'error' event
    // comes a tick later, after the caller may have decided the run went well.
    flush: (done) =>
      void stdout.write('', (err) => {
        if (err) failed(causeOf(stdout, err), 'stdout');
        done();
      }),
  };
}

/**
 * A size the terminal reports, else the variable people set (COLUMNS, LINES), else the classic
 * 80×24. A pseudo-terminal may report 0 (`script` run without a terminal, some CI runners): taken
 * as is, every line of a view would be cut to nothing.
 */
export function terminalSize(reported: number | undefined, variable: string | undefined, fallback: number): number {
  if (reported !== undefined && Number.isInteger(reported) && reported > 0) return reported;
  const set = Number(variable?.trim());
  return variable?.trim() && Number.isInteger(set) && set > 0 ? set : fallback;
}

/** A write to a stream that already failed reports ERR_STREAM_DESTROYED; the first error says why. */
function causeOf(stream: NodeJS.WriteStream, err: NodeJS.ErrnoException): NodeJS.ErrnoException {
  return err.code === 'ERR_STREAM_DESTROYED' && stream.errored ? (stream.errored as NodeJS.ErrnoException) : err;
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
  /** stdout as bytes, for output that is not UTF-8 (csv with --excel). */
  outBytes(): Buffer;
  err(): string;
}

/** In-memory IO for tests of main(): collects stdout/stderr, feeds stdin from a string. */
export async function createTestIO(
  opts: { stdin?: string; tty?: boolean; columns?: number; rows?: number } = {},
): Promise<TestIO> {
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
    // Tall unless a test asks: most tests of a view look at all of it.
    rows: tty ? (opts.rows ?? 100) : undefined,
    flush: (done) => done(),
    out: () => Buffer.concat(out).toString('utf8'),
    outBytes: () => Buffer.concat(out),
    err: () => Buffer.concat(err).toString('utf8'),
  };
}
