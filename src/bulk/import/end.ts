import type { Context } from '../../context.js';
import { endRun, shellCommand } from '../engine/end/run-end.js';
import type { RowResult } from '../engine/end/results.js';
import { summaryLine, type StatusCounts } from '../engine/pace/timing.js';

/** What the end of a live import reads of the run (a LiveImport is one). */
export interface EndingImport {
  plan: { rows: number };
  input: { file: { label: string } };
  journal?: string;
  argv?: readonly string[];
  outage: { maxMs: number };
  /** Set when the run reports as data: its lines go there, not to stderr. */
  report?: { note(text: string): void };
  note(text: string): void;
}

/** How a run went, for the lines that end it. */
export interface Outcome {
  counts: StatusCounts;
  /** Of the `ok` rows, those whose link a lookup adopted (found after a lost answer). */
  adopted: number;
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
  const { counts } = outcome;
  const finished = counts.ok + counts.skipped + counts.invalid + counts.error;
  const notSent = run.plan.rows - finished - outcome.unrecorded.length;
  const hidden = finished - outcome.shown;
  return endRun(ctx, {
    summary: summaryLine(counts, ctx.now() - outcome.started, { adopted: outcome.adopted }),
    incomplete: finished < run.plan.rows,
    left: `${notSent} rows not sent`,
    stopped: `stopped after ${finished} of ${run.plan.rows} rows`,
    unsent: `${notSent} of ${run.plan.rows} rows not sent`,
    unshown:
      hidden > 0 ? `${hidden} finished but not shown${run.journal ? ' (they are in the journal)' : ''}` : undefined,
    again: run.journal
      ? 'run the same command again (same --journal) to resume'
      : 'a rerun without --journal would create the finished rows again',
    hint: continueHint(run),
    fatal: outcome.fatal,
    outputLost: outcome.outputLost,
    after: outcome.unrecorded.length > 0 ? [unrecordedLine(outcome.unrecorded)] : [],
    failed: counts.error > 0 || counts.invalid > 0,
    outage: run.outage,
    say: run.report?.note,
  });
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

/** `to continue: shorty urls import links.csv --journal j`, or why a rerun would repeat rows. */
function continueHint(run: EndingImport): string {
  return run.journal
    ? `to continue: ${shellCommand(run.argv ?? ['urls', 'import', run.input.file.label === 'stdin' ? '-' : run.input.file.label, '--journal', run.journal])}`
    : `a rerun without --journal sends all ${run.plan.rows} rows again; add --journal FILE to make an import resumable`;
}
