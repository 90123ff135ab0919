// main() of src/cli.ts run inside the test process, with in-memory streams: the same result as
// runCli without the ~150 ms of a Node start per run. For tests of what a command does; what
// only a real process has (signals, exit on a closed pipe, a terminal, the built bundle) stays
// with runCli and startCli.
import { PassThrough } from 'node:stream';
import { main } from '../../src/cli.js';
import type { Host } from '../../src/context.js';
import { createTestIO } from '../../src/io.js';
import {
  assertNoSecret,
  COMMAND_HANG_LIMIT_MS,
  collectSecrets,
  tempDir,
  type CliResult,
  type RunOptions,
} from './cli.js';
import { trackRun } from './stray-runs.js';

export interface InProcessOptions extends RunOptions {
  /**
   * The run's sleep (retry back-off, rate-limit waits); default: a real timer. A test that only
   * counts retries may pass `noWait` to skip the back-off; one that waits for a window must not.
   */
  sleep?: Host['sleep'];
  /** The run's clock; default Date.now. See simulatedClock. */
  now?: Host['now'];
  /** Runs as in a terminal of this many columns (stdin, stdout and stderr are terminals). */
  terminalColumns?: number;
  /** Called with each piece of stdout as the run writes it (what a reader of a pipe would see). */
  onStdout?: (chunk: Buffer) => void;
}

/** Host.sleep on a real timer: rejects with the signal's reason when it aborts. */
const realSleep: Host['sleep'] = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** A sleep that returns at once (still honouring an abort), for tests that count retries. */
export const noWait: Host['sleep'] = async (_ms, signal) => {
  if (signal?.aborted) throw signal.reason;
};

/**
 * A clock whose sleeps return at once and move it forward by what they slept: every wait of a
 * run still happens, in order, without taking real time. For a run against a server that keeps
 * refusing, where nothing outside the run has to happen during the waits.
 */
export function simulatedClock(): Pick<InProcessOptions, 'now' | 'sleep'> {
  let skipped = 0;
  return {
    now: () => Date.now() + skipped,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      skipped += Math.max(0, ms);
    },
  };
}

/** Text or bytes as a byte stream that ends, like a pipe the writer closed; nothing: an empty one. */
function stdinOf(input: string | Uint8Array | undefined): PassThrough {
  const stream = new PassThrough();
  stream.end(input === undefined ? undefined : Buffer.from(input));
  return stream;
}

/**
 * Runs `shorty ...args` in this process; never throws on a non-zero exit. The environment is
 * exactly SHORTY_CONFIG_DIR (a fresh temp dir unless `configDir` is given) and `env`: nothing
 * of process.env leaks in. stdin is `input`, or empty; stdout and stderr are not terminals.
 */
export async function runInProcess(args: string[], opts: InProcessOptions = {}): Promise<CliResult> {
  if (opts.cwd !== undefined)
    throw new Error("an in-process run has the test process's cwd: use runCli to run elsewhere");
  const configDir = opts.configDir ?? tempDir('shorty-config-');
  collectSecrets(args, opts, configDir);
  const io = await createTestIO(opts.terminalColumns === undefined ? {} : { tty: true, columns: opts.terminalColumns });
  io.stdin = stdinOf(opts.input);
  if (opts.onStdout) io.stdout.on('data', opts.onStdout);
  const env: Record<string, string> = { SHORTY_CONFIG_DIR: configDir };
  for (const [key, value] of Object.entries(opts.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  // Past the time limit the run is cancelled as Ctrl-C would, so it stops sending requests.
  const cancel = new AbortController();
  const untrack = trackRun(cancel);
  const limitMs = opts.timeout ?? COMMAND_HANG_LIMIT_MS;
  let timer: NodeJS.Timeout | undefined;
  const exitCode = await Promise.race([
    main([...args], {
      io,
      env,
      now: opts.now ?? (() => Date.now()),
      sleep: opts.sleep ?? realSleep,
      signal: cancel.signal,
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        cancel.abort(new Error('time limit'));
        reject(new Error(`shorty ${args.join(' ')} did not finish in ${limitMs} ms`));
      }, limitMs);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    untrack();
  });
  // What was written last reaches the collecting listeners on a later turn of the event loop.
  await new Promise<void>((resolve) => io.flush(() => setImmediate(resolve)));
  const result: CliResult = { exitCode, stdout: io.out(), stderr: io.err() };
  // Not enumerable: tests that compare the whole result keep comparing exit code and text.
  Object.defineProperty(result, 'stdoutBytes', { value: io.outBytes(), enumerable: false });
  collectSecrets(args, opts, configDir);
  assertNoSecret(args, result);
  return result;
}
