import type { Context } from '../../../context.js';
import { progressLines } from './progress-lines.js';
import type { RowStatus } from '../pace/timing.js';

export interface Progress {
  /** One more row finished (with how it ended, where the display counts failures). */
  tick(status?: RowStatus): void;
  stop(): void;
}

const NO_PROGRESS: Progress = { tick: () => {}, stop: () => {} };

/** A progress bar with rate and ETA on stderr, only for a person watching a terminal. */
export async function startProgress(ctx: Context, total: number, label: string): Promise<Progress> {
  if (!ctx.io.stderrIsTTY || ctx.globals.quiet || total === 0) return NO_PROGRESS;
  const mod = await import('cli-progress');
  const { SingleBar, Presets } = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const bar = new SingleBar(
    {
      stream: ctx.io.stderr as NodeJS.WritableStream,
      format: `${label} {bar} {value}/{total} | {rate} | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 30,
      fps: 5,
    },
    Presets.shades_classic,
  );
  const started = ctx.now();
  let done = 0;
  bar.start(total, 0, { rate: '-' });
  return {
    tick() {
      done += 1;
      const minutes = (ctx.now() - started) / 60_000;
      bar.update(done, { rate: minutes > 0 ? `${Math.round(done / minutes)}/min` : '-' });
    },
    stop: () => bar.stop(),
  };
}

/** The import's progress: the bar on a terminal; in a log (CI, a file), a line now and then. */
export async function startImportProgress(ctx: Context, plan: { rows: number; toSend: number }): Promise<Progress> {
  if (ctx.io.stderrIsTTY || ctx.globals.quiet || plan.rows === 0) return startProgress(ctx, plan.rows, 'importing');
  const lines = progressLines({
    total: plan.rows,
    toSend: plan.toSend,
    now: () => ctx.now(),
    write: (line) => void ctx.io.stderr.write(line),
  });
  return { tick: lines.tick, stop: () => {} };
}
