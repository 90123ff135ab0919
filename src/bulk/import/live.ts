import type { Context } from '../../context.js';
import { EXIT } from '../../errors.js';
import { fileError } from '../../file-errors.js';
import type { StreamFormat } from '../../output/row-writers.js';
import type { RateLimitSpec } from '../../settings/types.js';
import { openFailedOut, failedOutDialect } from '../engine/end/failed-out.js';
import { conclude, type Outcome } from './end.js';
import type { InputFormat } from '../engine/read/format.js';
import { openJournal, outcomeRecord, type DoneIndex } from '../engine/journal/journal.js';
import { orderedWindow } from '../engine/pace/ordered-window.js';
import { type ImportPlan, previousResult } from './plan.js';
import { startImportProgress } from '../engine/end/progress.js';
import type { ImportInput } from '../engine/read/input.js';
import type { SourceRow } from '../engine/read/rows.js';
import { openResultSink, resultRow, type RowResult } from '../engine/end/results.js';
import { linkBodyKey, type CheckedRow, RowChecker } from '../engine/check/row-check.js';
import type { IfExists } from '../engine/send/send-row.js';
import { createEnded } from '../engine/send/create.js';
import type { OutagePolicy } from '../engine/pace/outage.js';
import { openSendStage, bulkApi } from '../engine/send/stage.js';
import { emptyCounts, windowSize } from '../engine/pace/timing.js';
import { budgetFinishAt } from '../engine/pace/budget-estimate.js';
import { reportProgress, reportSink, type RunReport } from '../engine/end/report.js';

export interface LiveImport {
  input: ImportInput;
  format: InputFormat;
  done: DoneIndex;
  /** Link ids the journal accounts for: a lookup after a lost answer never takes them. */
  claimed: Set<string>;
  outage: OutagePolicy;
  plan: ImportPlan;
  outputFormat: StreamFormat;
  rateLimit: RateLimitSpec;
  journal?: string;
  failedOut?: string;
  ifExists: IfExists;
  /** The configured default link domain, for rows that name none (as `urls add` does). */
  domain?: string;
  /** The command line as given, to say how to continue a run stopped by its output. */
  argv?: readonly string[];
  /** Where the results go as data (see RunReport); default: stdout, and a progress bar on stderr. */
  report?: RunReport;
  note(text: string): void;
  warn(text: string): void;
}

interface Finished {
  source: SourceRow;
  result: RowResult;
}

interface CheckedSource {
  source: SourceRow;
  checked: CheckedRow;
}

/** The rows with their check, made in file order before any is sent (the check compares each with those before it). */
async function* checkedRows(rows: AsyncIterable<SourceRow>, checker: RowChecker): AsyncGenerator<CheckedSource> {
  for await (const source of rows) yield { source, checked: checker.check(source) };
}

/**
 * Sends the rows through the shared limiter, a few at a time, and reports them in input order.
 * Each finished row is journaled (flushed) before it is reported. Ctrl-C, a failing stdout, or an
 * error that every later row would meet too (network, auth, the journal), stops taking rows; the
 * rows already sent finish (and are journaled) first.
 */
export async function runLiveImport(ctx: Context, run: LiveImport): Promise<number> {
  const journal = run.journal ? await openJournal(run.journal) : undefined;
  const { creator } = await openSendStage(ctx, {
    journal,
    claimed: run.claimed,
    outage: run.outage,
    warn: run.warn,
  });
  const failed = run.failedOut
    ? await openFailedOut(
        run.failedOut,
        run.format,
        Object.keys(run.plan.first?.cells ?? {}),
        failedOutDialect(ctx.globals, {
          ...run.input.shape,
          encoding: run.input.encoding,
          lineEnding: run.input.lineEnding,
        }),
      )
    : undefined;
  const sink = run.report
    ? reportSink(run.report)
    : await openResultSink(ctx, run.outputFormat, { quietField: 'shorturl', input: run.input.columns });
  const settings = await ctx.settings();
  const api = await bulkApi(ctx);
  const progress = run.report
    ? reportProgress(run.report)
    : await startImportProgress(ctx, run.plan, (writes) => budgetFinishAt(ctx, settings, writes, api));
  const outcome: Outcome = { counts: emptyCounts(), adopted: 0, shown: 0, started: ctx.now(), unrecorded: [] };
  const stopped = () => ctx.signal.aborted || outcome.fatal !== undefined || outcome.outputLost !== undefined;

  async function work({ source, checked }: CheckedSource): Promise<Finished | undefined> {
    if (!checked.valid) return finish(source, '', { row: source.row, status: 'invalid', error: checked.error });
    const key = journal ? linkBodyKey(checked.body) : '';
    const previous = key ? run.done.take(key) : undefined;
    // Already in the journal, or a previous run's create the lookup could not settle (not sent
    // again, its intent left open): reported, not journaled again (it would count twice next time).
    if (previous) return { source, result: previousResult(source.row, previous) };
    if (stopped()) return undefined;
    const body =
      checked.body.domain === undefined && run.domain ? { ...checked.body, domain: run.domain } : checked.body;
    const end = await createEnded(creator, { row: source.row, key }, body, run.ifExists, {
      signal: ctx.signal,
      journal,
    });
    outcome.fatal ??= end.fatal;
    if (end.kind === 'left') return undefined;
    if (end.kind === 'unknown') {
      // The server may hold it: the intent stays open, and the next run looks it up first.
      return {
        source,
        result: {
          row: source.row,
          status: 'error',
          error: end.lookedUp
            ? end.error
            : `${end.error} (it may have been created: ${journal ? 'the next run with this journal checks' : 'check with `shorty urls list` before sending it again'})`,
        },
      };
    }
    return finish(source, key, { row: source.row, ...end.outcome }, checked.body.url, end.seq);
  }

  async function finish(
    source: SourceRow,
    key: string,
    result: RowResult,
    url?: string,
    seq?: string,
  ): Promise<Finished | undefined> {
    if (journal) {
      try {
        await journal.append({ key, url, ...outcomeRecord(result), ...(seq === undefined ? {} : { seq }) });
      } catch (err) {
        // Not reported: a row counts as done only once the journal holds it.
        outcome.fatal ??= fileError(`cannot write the journal ${run.journal}`, err, EXIT.api);
        if (result.status !== 'invalid') outcome.unrecorded.push(result);
        return undefined;
      }
    }
    return { source, result };
  }

  try {
    const rows = checkedRows(run.input.rows(), new RowChecker());
    for await (const finished of orderedWindow(rows, work, { size: windowSize(run.rateLimit), stopped })) {
      if (!finished) continue;
      const { source, result } = finished;
      outcome.counts[result.status] += 1;
      if (result.adopted) outcome.adopted += 1;
      if (failed && (result.status === 'error' || result.status === 'invalid')) {
        await failed.write(source.cells, source.row, result.error ?? '').catch((err) => void (outcome.fatal ??= err));
      }
      if (outcome.outputLost === undefined) {
        try {
          await sink.write(resultRow(source.cells, result, source.columns));
          outcome.shown += 1;
        } catch (err) {
          // The reader left (`| head`) or the disk is full: no new rows; those in flight finish.
          outcome.outputLost = err;
        }
      }
      progress.tick(result.status);
    }
  } finally {
    progress.stop();
    if (outcome.outputLost === undefined) await sink.end().catch((err) => void (outcome.outputLost = err));
    const closed = await Promise.allSettled([failed?.close(), journal?.close()]);
    for (const c of closed) if (c.status === 'rejected') outcome.fatal ??= c.reason;
  }
  return conclude(ctx, run, outcome);
}
