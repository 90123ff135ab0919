// `--watch [SECONDS]`: fetch again every so often. On a terminal the view is redrawn in place;
// otherwise each snapshot is a record as -o prints it, a line each (ndjson unless -o says). Ctrl-C ends it normally (exit 0): stopping is how
// a watch is meant to end. The interval leaves room for other work within the rate limit.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { RateLimitSpec } from '../../settings/types.js';
import { formatDuration } from '../../util/duration.js';

const DEFAULT_WATCH_SECONDS = 5;

/** Cursor home, then clear the screen: the next frame starts at the top-left corner. */
export const REDRAW = '\x1b[H\x1b[2J';

export function addWatchOption(cmd: Command): Command {
  return cmd.option(
    '--watch [seconds]',
    `fetch again every SECONDS (default ${DEFAULT_WATCH_SECONDS}) until Ctrl-C: redrawn on a terminal, otherwise a record a line (ndjson unless -o says; --fields picks)`,
  );
}

/** `--watch` alone -> the default; `--watch 30` -> 30; anything but a positive number is a usage error. */
export function parseWatchSeconds(value: string | true | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value === true) return DEFAULT_WATCH_SECONDS;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new UsageError(`--watch takes a number of seconds above 0, got "${value}"`);
  }
  return seconds;
}

/**
 * The shortest interval the rate limit affords: a watch may take at most half of the cap, so a
 * shell loop or an import running beside it keeps the other half.
 */
export function minimumWatchMs(rate: RateLimitSpec): number {
  return Math.ceil((2 * rate.windowMs) / rate.limit);
}

export function watchIntervalMs(seconds: number, rate: RateLimitSpec): { ms: number; raised: boolean } {
  const asked = Math.round(seconds * 1000);
  const floor = minimumWatchMs(rate);
  return asked >= floor ? { ms: asked, raised: false } : { ms: floor, raised: true };
}

/** Yields now, then once per interval until Ctrl-C, when it ends. */
export async function* ticks(ctx: Context, seconds: number): AsyncGenerator<void> {
  const { rateLimit } = await ctx.settings();
  const { ms, raised } = watchIntervalMs(seconds, rateLimit);
  if (raised) {
    ctx.io.stderr.write(
      `refreshing every ${formatDuration(ms)}, not ${formatDuration(seconds * 1000)}: a watch takes at most half of the rate limit (${rateLimit.limit} per ${formatDuration(rateLimit.windowMs)})\n`,
    );
  }
  for (;;) {
    yield;
    try {
      await ctx.sleep(ms, ctx.signal);
    } catch (err) {
      if (ctx.signal.aborted) return;
      throw err;
    }
  }
}

/**
 * Runs `work` until Ctrl-C: a frame's own request also stops on Ctrl-C, and either way the
 * watch ends without error.
 */
export async function untilInterrupted(ctx: Context, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (ctx.signal.aborted) return;
    throw err;
  }
}

/** Calls `frame` now and then once per interval until Ctrl-C. */
export async function watch(ctx: Context, seconds: number, frame: () => Promise<void>): Promise<void> {
  await untilInterrupted(ctx, async () => {
    for await (const _ of ticks(ctx, seconds)) await frame();
  });
}
