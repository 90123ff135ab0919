import { setMaxListeners } from 'node:events';
import type { ModernApi } from '../api/modern.js';
import type { Context } from '../context.js';
import { CancelError } from '../errors.js';
import { fileError } from '../file-errors.js';
import type { StreamFormat } from '../output/row-writers.js';
import type { RateLimitSpec } from '../settings/types.js';
import { openFailedOut, type FailedOut } from './failed-out.js';
import { conclude, type Outcome } from './import-end.js';
import type { InputFormat } from './read/format.js';
import { openJournal, type DoneIndex, type JournalWriter } from './journal.js';
import { orderedWindow } from './ordered-window.js';
import type { ImportPlan } from './plan.js';
import { startImportProgress } from './progress.js';
import type { ImportInput } from './read/input.js';
import type { SourceRow } from './read/rows.js';
import { openResultSink, resultRow, type RowResult } from './results.js';
import { checkRow, linkBodyKey } from './row-check.js';
import { sendRow, type IfExists } from './send-row.js';
import { emptyCounts, windowSize } from './timing.js';

export interface LiveImport {
  input: ImportInput;
  format: InputFormat;
  done: DoneIndex;
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
  note(text: string): void;
}

interface Finished {
  source: SourceRow;
  result: RowResult;
}

/**
 * Sends the rows through the shared limiter, a few at a time, and reports them in input order.
 * Each finished row is journaled (flushed) before it is reported. Ctrl-C, a failing stdout, or an
 * error that every later row would meet too (network, auth, the journal), stops taking rows; the
 * rows already sent finish (and are journaled) first.
 */
export async function runLiveImport(ctx: Context, run: LiveImport): Promise<number> {
  const api = await importApi(ctx);
  const journal = run.journal ? await openJournal(run.journal) : undefined;
  const failed = run.failedOut ? await openFailedOut(run.failedOut, run.format, Object.keys(run.plan.first?.cells ?? {})) : undefined;
  const sink = await openResultSink(ctx, run.outputFormat, { quietField: 'shorturl' });
  const progress = await startImportProgress(ctx, run.plan);
  const outcome: Outcome = { counts: emptyCounts(), shown: 0, started: ctx.now(), unrecorded: [] };
  const stopped = () => ctx.signal.aborted || outcome.fatal !== undefined || outcome.outputLost !== undefined;

  async function work(source: SourceRow): Promise<Finished | undefined> {
    const checked = checkRow(source);
    if (!checked.valid) return finish(source, '', { row: source.row, status: 'invalid', error: checked.error });
    const key = journal ? linkBodyKey(checked.body) : '';
    const previous = key ? run.done.take(key) : undefined;
    // Already in the journal: reported, not journaled again (it would count twice next time).
    if (previous) return { source, result: { row: source.row, status: 'skipped', ...previous, error: 'already created (journal)' } };
    if (stopped()) return undefined;
    let result: RowResult;
    try {
      const body = checked.body.domain === undefined && run.domain ? { ...checked.body, domain: run.domain } : checked.body;
      const outcome = await sendRow(api, body, run.ifExists);
      result = { row: source.row, ...outcome };
    } catch (err) {
      // Stopped during a wait for the rate limit: the request was never sent, so the row is left
      // for the next run, neither reported nor journaled.
      if (err instanceof CancelError) return undefined;
      outcome.fatal ??= err;
      result = { row: source.row, status: 'error', error: err instanceof Error ? err.message : String(err) };
    }
    return finish(source, key, result, checked.body.url);
  }

  async function finish(source: SourceRow, key: string, result: RowResult, url?: string): Promise<Finished | undefined> {
    if (journal) {
      try {
        await journal.append({ key, url, ...result });
      } catch (err) {
        // Not reported: a row counts as done only once the journal holds it.
        outcome.fatal ??= fileError(`cannot write the journal ${run.journal}`, err, 1);
        if (result.status !== 'invalid') outcome.unrecorded.push(result);
        return undefined;
      }
    }
    return { source, result };
  }

  try {
    for await (const finished of orderedWindow(run.input.rows(), work, { size: windowSize(run.rateLimit), stopped })) {
      if (!finished) continue;
      const { source, result } = finished;
      outcome.counts[result.status] += 1;
      if (failed && (result.status === 'error' || result.status === 'invalid')) {
        await failed.write(source.cells, result.error ?? '').catch((err) => void (outcome.fatal ??= err));
      }
      if (outcome.outputLost === undefined) {
        try {
          await sink.write(resultRow(source.cells, result));
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

/**
 * The API for the import, on a signal of its own that Ctrl-C does not abort: a request already on
 * the wire is awaited and journaled (the server may have created the link). Waits (for the rate
 * limit, or before a retry after a rate-limit answer, when nothing was created) still end at
 * Ctrl-C, so a row that has not been sent yet is dropped at once.
 */
async function importApi(ctx: Context): Promise<ModernApi> {
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (!signal) return ctx.sleep(ms, ctx.signal);
    const either = eitherSignal(signal, ctx.signal);
    try {
      await ctx.sleep(ms, either.signal);
    } finally {
      either.dispose();
    }
  };
  const own = new AbortController().signal;
  // One listener per request in flight: a window of them is no leak.
  setMaxListeners(0, own);
  return ctx.apiOn({ signal: own, sleep });
}

/**
 * Aborted when `a` or `b` aborts; `dispose` unhooks it from both. Not AbortSignal.any: its links
 * from the run's signal would outlive each of the import's many waits.
 */
function eitherSignal(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const first = [a, b].find((s) => s.aborted);
  if (first) {
    controller.abort(first.reason);
    return { signal: controller.signal, dispose: () => {} };
  }
  const onA = () => controller.abort(a.reason);
  const onB = () => controller.abort(b.reason);
  a.addEventListener('abort', onA, { once: true });
  b.addEventListener('abort', onB, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      a.removeEventListener('abort', onA);
      b.removeEventListener('abort', onB);
    },
  };
}
