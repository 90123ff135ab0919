import type { Context } from '../context.js';
import { CancelError, OutputError, ShortyError } from '../errors.js';
import { fileErrorReason } from '../file-errors.js';
import { OutageTooLong } from './run/outage.js';
import type { RowResult } from './results.js';
import { summaryLine, type StatusCounts } from './timing.js';

/** What the end of a live import reads of the run (a LiveImport is one). */
export interface EndingImport {
  plan: { rows: number };
  input: { file: { label: string } };
  journal?: string;
  argv?: readonly string[];
  outage: { maxMs: number };
  note(text: string): void;
}

/** How a run went, for the lines that end it. */
export interface Outcome {
  counts: StatusCounts;
  /** Rows written to stdout before it failed. */
  shown: number;
  started: number;
  /** What stopped the run for every row (network, auth, the journal), if anything. */
  fatal?: unknown;
  /** The write error of stdout, once results could no longer be shown. */
  outputLost?: unknown;
  /** Rows sent whose outcome the journal could not take: a rerun looks them up first. */
  unrecorded: RowResult[];
}

/** The lines that end a live import, and its exit code (or the error that ends it). */
export function conclude(ctx: Context, run: EndingImport, outcome: Outcome): number {
  const { counts, fatal } = outcome;
  const finished = counts.ok + counts.skipped + counts.invalid + counts.error;
  const summary = summaryLine(counts, ctx.now() - outcome.started);
  const notSent = run.plan.rows - finished - outcome.unrecorded.length;
  const warn = (text: string) => void ctx.io.stderr.write(`${text}\n`);
  const resume = run.journal
    ? `run the same command again (same --journal) to resume`
    : 'a rerun without --journal would create the finished rows again';
  if (fatal !== undefined) {
    warn(`${summary}; stopped after ${finished} of ${run.plan.rows} rows; ${resume}`);
    if (outcome.unrecorded.length > 0) warn(unrecordedLine(outcome.unrecorded));
    if (fatal instanceof OutageTooLong) throw new OutageTooLong(fatal.last, run.outage.maxMs, continueHint(run));
    throw fatal;
  }
  const output = outputFailure(ctx, outcome.outputLost);
  if (output) outputStopped(run, outcome, output, notSent);
  if (ctx.signal.aborted && finished < run.plan.rows) {
    // `interrupted` (Ctrl-C, 130) or `terminated` (SIGTERM, 143).
    const stop = ctx.signal.reason instanceof CancelError ? ctx.signal.reason : new CancelError();
    warn(`${stop.message}: ${summary}; ${notSent} rows not sent; ${resume}`);
    return stop.exitCode;
  }
  run.note(summary);
  return counts.error > 0 || counts.invalid > 0 ? 1 : 0;
}

/**
 * `row 7 (http://sho.rt/abc) and row 8 were sent but their outcomes are not in the journal: a rerun
 * looks them up before sending them again` (their intents are: see journal.ts).
 */
function unrecordedLine(rows: RowResult[]): string {
  const named = rows.map((r) => (r.shorturl ? `row ${r.row} (${r.shorturl})` : `row ${r.row}`));
  const [verb, them] =
    rows.length === 1 ? ['was sent but its outcome is', 'it'] : ['were sent but their outcomes are', 'them'];
  return `${named.join(', ')} ${verb} not in the journal: a rerun looks ${them} up before sending ${them} again`;
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
 * stdout went away (`| head`, a full disk) or stderr did: the rows in flight were journaled; say
 * how many rows were not sent and the command that continues. Never exit 0: rows were left out.
 */
function outputStopped(
  run: EndingImport,
  outcome: Outcome,
  output: { stdout: boolean; reason?: string },
  notSent: number,
): never {
  const { counts } = outcome;
  const finished = counts.ok + counts.skipped + counts.invalid + counts.error;
  const hidden = finished - outcome.shown;
  const what = output.reason ?? 'stdout was closed';
  const parts = [`${notSent} of ${run.plan.rows} rows not sent`];
  if (output.stdout && hidden > 0)
    parts.push(`${hidden} finished but not shown${run.journal ? ' (they are in the journal)' : ''}`);
  throw new ShortyError(`${what}; ${parts.join(', ')}`, 1, continueHint(run));
}

/** `to continue: shorty urls import links.csv --journal j`, or why a rerun would repeat rows. */
function continueHint(run: EndingImport): string {
  return run.journal
    ? `to continue: ${shellCommand(run.argv ?? ['urls', 'import', run.input.file.label === 'stdin' ? '-' : run.input.file.label, '--journal', run.journal])}`
    : `a rerun without --journal sends all ${run.plan.rows} rows again; add --journal FILE to make an import resumable`;
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
