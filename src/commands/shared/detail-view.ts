// One object with statistics (`urls get`, `qr get`): a view for a person at a terminal, the
// printer's data shapes for everything else; `--watch` repeats either.
import type { Context } from '../../context.js';
import { colorEnabled } from '../../io.js';
import type { Row } from '../../output/fields.js';
import type { View } from '../../output/printer.js';
import { writeText } from '../../output/sink.js';
import { viewPaint, type ViewStyle } from '../../output/stats-view.js';
import { isUtf8Locale } from '../../util/terminal-text.js';
import { REDRAW, ticks, untilInterrupted, watch } from './watch.js';

export interface DetailSpec {
  /** One GET of the object (its `error` key dropped). */
  fetch(): Promise<Row>;
  /** The view of a person at a terminal. */
  render(detail: Row, style: ViewStyle): Promise<string>;
  /** The data path: the printer (table, json, ndjson, csv, tsv, --fields, -q). */
  print(detail: Row): Promise<void>;
  /** The record `print` shows, and its view: what a --watch into a pipe prints a line of. */
  record(detail: Row): Row;
  view: View;
}

/** The view replaces the key/value table on a terminal; -q, --fields and -o keep their data shapes. */
async function wantsView(ctx: Context): Promise<boolean> {
  const printer = await ctx.printer();
  return ctx.io.stdoutIsTTY && printer.format === 'table' && !printer.quiet && ctx.globals.fields === undefined;
}

/** The terminal's size and charset; `redraw` for --watch, whose frames must fit the window. */
async function terminalStyle(ctx: Context, redraw = false): Promise<ViewStyle> {
  return {
    width: ctx.io.columns ?? 80,
    // The last line's newline takes a line too: a view of `rows` lines would scroll by one.
    height: Math.max(1, (ctx.io.rows ?? 24) - 1),
    redraw,
    unicode: isUtf8Locale(ctx.env),
    paint: await viewPaint(colorEnabled(ctx.io, ctx.env, ctx.globals.color)),
  };
}

/**
 * Fetches and shows the object once, or every `watchSeconds` until Ctrl-C. `first` runs once with
 * the first answer (e.g. --web, --copy).
 */
export async function showDetail(
  ctx: Context,
  spec: DetailSpec,
  watchSeconds: number | undefined,
  first?: (detail: Row) => Promise<void>,
): Promise<void> {
  const view = await wantsView(ctx);
  let frames = 0;
  const once = async (show: (detail: Row) => Promise<void>) => {
    const detail = await spec.fetch();
    await show(detail);
    if (frames++ === 0 && first) await first(detail);
  };
  if (view) {
    // The size is read for each frame: a window resized during --watch gets the next in its size.
    const draw = async (detail: Row, prefix: string) =>
      writeText(
        ctx.io.stdout,
        prefix + (await spec.render(detail, await terminalStyle(ctx, watchSeconds !== undefined))),
      );
    if (watchSeconds === undefined) return once((detail) => draw(detail, ''));
    return watch(ctx, watchSeconds, () => once((detail) => draw(detail, REDRAW)));
  }
  if (watchSeconds === undefined) return once(spec.print);
  const printer = await ctx.printer();
  async function* snapshots(seconds: number): AsyncGenerator<Row> {
    for await (const _ of ticks(ctx, seconds)) {
      const detail = await spec.fetch();
      if (frames++ === 0 && first) await first(detail);
      yield spec.record(detail);
    }
  }
  await untilInterrupted(ctx, () => printer.stream(snapshots(watchSeconds), spec.view));
}
