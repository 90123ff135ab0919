import { formatDuration } from '../util/duration.js';
import { statusLineOf } from '../util/status-line.js';
import type { LimiterHost } from './limiter.js';

/** Whole seconds, rounded: a wait of 2.005 s (margins included) is shown as 2 s. */
function shownSeconds(ms: number): number {
  return Math.max(1, Math.round(ms / 1000));
}

function waitMessage(ms: number): string {
  return `waiting ${formatDuration(shownSeconds(ms) * 1000, { whole: true })} for the rate limit…`;
}

/**
 * Sleeps until `until`, saying so on stderr: a live countdown rewritten in place on a TTY
 * (cleared at the end, Ctrl-C included), inside the progress bar's line when one is drawn; a
 * single line otherwise (logs, CI). Ctrl-C rejects at once with the signal's reason.
 */
export async function announceWait(ctx: LimiterHost, until: number, signal: AbortSignal): Promise<void> {
  const stderr = ctx.io.stderr;
  const bar = ctx.io.stderrIsTTY ? statusLineOf(stderr) : undefined;
  if (bar) {
    // Short: it shares a line with the bar and its figures.
    const hide = bar.show(
      () => `waiting ${formatDuration(shownSeconds(until - ctx.now()) * 1000, { whole: true })} (rate limit)`,
    );
    try {
      await ctx.sleep(Math.max(0, until - ctx.now()), signal);
    } finally {
      hide();
    }
    return;
  }
  if (!ctx.io.stderrIsTTY) {
    stderr.write(`${waitMessage(until - ctx.now())}\n`);
    await ctx.sleep(Math.max(0, until - ctx.now()), signal);
    return;
  }
  try {
    for (let left = until - ctx.now(); left > 0; left = until - ctx.now()) {
      stderr.write(`\r\x1b[K${waitMessage(left)}`);
      // Wake when the number shown changes, so the countdown ticks in step with the clock.
      const shown = shownSeconds(left);
      await ctx.sleep(shown > 1 ? Math.max(1, left - (shown - 0.5) * 1000 + 1) : left, signal);
    }
  } finally {
    stderr.write('\r\x1b[K');
  }
}
