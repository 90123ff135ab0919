import type { Context } from '../../../context.js';
import { CancelError, EXIT, OutputError, ShortyError } from '../../../errors.js';
import { fileErrorReason } from '../../../file-errors.js';
import { OutageTooLong } from '../pace/outage.js';

/** How a bulk run (import, sync, undo) went, in the words of its feature. */
export interface RunEnd {
  /** `3 ok, 1 error in 2s`, `2 deleted, 0 already gone, 0 failed in 1s`. */
  summary: string;
  /** Whether work is left undone (rows not sent, changes not applied, links not deleted). */
  incomplete: boolean;
  /** What is left, for the lines that stop a run: `3 rows not sent`, `4 of 6 links not deleted`. */
  left: string;
  /** What is left, when a failure stopped the run (default: `left`): `stopped after 3 of 9 rows`. */
  stopped?: string;
  /** What is left, when the output went away (default: `left`): `3 of 9 rows not sent`. */
  unsent?: string;
  /** What to do about it, said at the end of the stop line: `run the same command again to continue`. */
  again: string;
  /** The hint of an error that stops the run: `to continue: shorty urls ...`. */
  hint: string;
  /** What stopped the run for every item (network, auth, the journal), if anything. */
  fatal?: unknown;
  /** The write error of stdout, once results could no longer be shown. */
  outputLost?: unknown;
  /** More about the output that was lost (`2 finished but not shown`). */
  unshown?: string;
  /** Lines after the stop line of a fatal end (rows whose outcome is not journaled). */
  after?: string[];
  /** Some item failed: exit 1 once everything else went well. */
  failed: boolean;
  outage: { maxMs: number };
  /** Where the run's lines go when it reports as data (every line, -q or not); default: stderr. */
  say?: (text: string) => void;
}

/**
 * The one end of every bulk run: the summary, and the exit code or the error that ends it. A
 * failure that stopped every item is rethrown after the summary; a closed stdout (`| head`) is
 * exit 1 with the command to continue (never 0 with work left out); a signal is its own code
 * (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT); otherwise 1 when an item failed, else 0.
 */
export function endRun(ctx: Context, end: RunEnd): number {
  const warn = end.say ?? ((text: string) => void ctx.io.stderr.write(`${text}\n`));
  if (end.fatal !== undefined) {
    warn(`${end.summary}; ${end.stopped ?? end.left}; ${end.again}`);
    for (const line of end.after ?? []) warn(line);
    if (end.fatal instanceof OutageTooLong) throw new OutageTooLong(end.fatal.last, end.outage.maxMs, end.hint);
    throw end.fatal;
  }
  const output = outputFailure(ctx, end.outputLost);
  if (output && (end.incomplete || end.unshown)) {
    const what = output.reason ?? 'stdout was closed';
    throw new ShortyError(
      `${what}; ${[end.unsent ?? end.left, output.stdout && end.unshown].filter(Boolean).join(', ')}`,
      EXIT.api,
      end.hint,
    );
  }
  if (ctx.signal.aborted && end.incomplete) {
    const stop = ctx.signal.reason instanceof CancelError ? ctx.signal.reason : new CancelError();
    warn(`${stop.message}: ${end.summary}; ${end.left}; ${end.again}`);
    return stop.exitCode;
  }
  if (end.say || !ctx.globals.quiet) warn(end.summary);
  return end.failed ? EXIT.api : EXIT.ok;
}

/** Why results could no longer be shown: stdout refused a row, or the run's output failed meanwhile. */
function outputFailure(ctx: Context, outputLost: unknown): { stdout: boolean; reason?: string } | undefined {
  const reason = ctx.signal.reason;
  if (reason instanceof OutputError)
    return { stdout: reason.stream === 'stdout', reason: reason.readerLeft ? undefined : reason.message };
  if (outputLost === undefined) return undefined;
  const code = (outputLost as NodeJS.ErrnoException).code;
  return {
    stdout: true,
    reason: code === 'EPIPE' ? undefined : `cannot write to stdout: ${fileErrorReason(outputLost)}`,
  };
}

/**
 * The command line as a shell reads it back: `shorty urls import 'my links.csv' --journal j`. The
 * API key is never repeated (it is not ours to print); the same --journal is what resumes.
 */
export function shellCommand(argv: readonly string[]): string {
  const words = ['shorty'];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--api-key' && i + 1 < argv.length) {
      words.push('--api-key', '"$SHORTY_API_KEY"');
      i += 1;
    } else if (argv[i].startsWith('--api-key=')) {
      words.push('--api-key="$SHORTY_API_KEY"');
    } else {
      words.push(shellQuote(argv[i]));
    }
  }
  return words.join(' ');
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
