import type { Context } from '../../../context.js';
import { formatDuration } from '../../../util/duration.js';
import { claimStatusLine } from '../../../util/status-line.js';
import { isUtf8Locale } from '../../../util/terminal-text.js';
import { barLine } from './bar-line.js';
import { progressLines } from './progress-lines.js';
import type { RowStatus } from '../pace/timing.js';

export interface Progress {
  /** One more row finished (with how it ended, where the display counts failures). */
  tick(status?: RowStatus): void;
  stop(): void;
}

const NO_PROGRESS: Progress = { tick: () => {}, stop: () => {} };

/**
 * A progress bar with rate and ETA on stderr, only for a person watching a terminal. With
 * `finishAt`, the ETA is the limiter's budget (the plan's estimate); otherwise the bar's pace.
 * A rate-limit wait shows inside the bar's line (util/status-line.ts). The terminal's modes are
 * left alone (the cursor stays visible, lines still wrap): a run stopped by Ctrl-Z or killed by
 * kill -9 leaves nothing to undo.
 */
export async function startProgress(
  ctx: Context,
  total: number,
  label: string,
  finishAt?: () => number | undefined,
): Promise<Progress> {
  if (!ctx.io.stderrIsTTY || ctx.globals.quiet || total === 0) return NO_PROGRESS;
  const mod = await import('cli-progress');
  const { SingleBar } = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const stream = ctx.io.stderr as NodeJS.WritableStream & { columns?: number };
  const unicode = isUtf8Locale(ctx.env);
  const notes: (() => string)[] = [];
  let rate = '-';
  const left = (eta: number) => {
    if (!finishAt) return Number.isFinite(eta) ? formatDuration(eta * 1000, { whole: true }) : '-';
    const at = finishAt();
    return at === undefined ? '-' : formatDuration(Math.max(0, at - ctx.now()), { whole: true });
  };
  const bar = new SingleBar({
    stream,
    format: (_options: unknown, params: { value: number; total: number; eta: number }) =>
      barLine({
        label,
        value: params.value,
        total: params.total,
        rate,
        left: left(params.eta),
        note: notes.at(-1)?.(),
        columns: stream.columns || ctx.io.columns || 80,
        unicode,
      }),
    hideCursor: false,
    linewrap: true,
    gracefulExit: false,
    etaBuffer: 30,
    fps: 5,
  });
  const started = ctx.now();
  let done = 0;
  bar.start(total, 0);
  const release = claimStatusLine(ctx.io.stderr, {
    show(text) {
      notes.push(text);
      bar.render();
      return () => {
        const at = notes.indexOf(text);
        if (at >= 0) notes.splice(at, 1);
      };
    },
  });
  return {
    tick() {
      done += 1;
      const minutes = (ctx.now() - started) / 60_000;
      rate = minutes > 0 ? `${Math.round(done / minutes)}/min` : '-';
      bar.update(done);
    },
    stop: () => {
      release();
      bar.stop();
    },
  };
}

/**
 * The import's progress: the bar on a terminal; in a log (CI, a file), a line now and then. The
 * time left is `finishAt(writes)`: when the last of the writes still to send can go, by the
 * limiter's budget, as the plan estimated it. It is read in the background (every 2 s at most,
 * as rows finish), so a row never waits for it.
 */
export async function startImportProgress(
  ctx: Context,
  plan: { rows: number; toSend: number },
  finishAt?: (writes: number) => Promise<number | undefined>,
): Promise<Progress> {
  const budget = finishAt && budgetTracker(ctx, plan.toSend, finishAt);
  const quiet = ctx.globals.quiet || plan.rows === 0;
  const shown =
    ctx.io.stderrIsTTY || quiet
      ? await startProgress(ctx, plan.rows, 'importing', budget?.finishAt)
      : (() => {
          const lines = progressLines({
            total: plan.rows,
            toSend: plan.toSend,
            now: () => ctx.now(),
            write: (line) => void ctx.io.stderr.write(line),
            finishAt: budget?.finishAt,
          });
          return { tick: lines.tick, stop: () => {} };
        })();
  if (!budget || quiet) return shown;
  budget.refresh();
  return {
    tick(status) {
      budget.sent(status);
      shown.tick(status);
    },
    stop: () => shown.stop(),
  };
}

/**
 * How often the budget is read while rows finish: a read takes the limiter's lock and gives back
 * the slots it took ahead, so not at every row; the finish time it gives is an instant, which a
 * few seconds do not make stale.
 */
const BUDGET_READ_MS = 2000;

/** The limiter's finish time for the writes left, kept fresh without holding anyone up. */
function budgetTracker(ctx: Context, toSend: number, finishAt: (writes: number) => Promise<number | undefined>) {
  let known: number | undefined;
  let sent = 0;
  let reading = false;
  let readAt = -Infinity;
  const refresh = () => {
    const now = ctx.now();
    if (reading || now - readAt < BUDGET_READ_MS) return;
    reading = true;
    readAt = now;
    finishAt(Math.max(0, toSend - sent))
      .then((at) => {
        if (at !== undefined) known = at;
      })
      .catch(() => {})
      .finally(() => {
        reading = false;
      });
  };
  return {
    refresh,
    sent(status?: RowStatus) {
      if (status === 'ok' || status === 'error') sent += 1;
      refresh();
    },
    finishAt: () => known,
  };
}
