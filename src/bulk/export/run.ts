import { EXIT } from '../../errors.js';
import type { Context } from '../../context.js';
import { startProgress, type Progress } from '../engine/end/progress.js';
import { bulkOutputFormat, openResultSink } from '../engine/end/results.js';
import type { ModernApi } from '../../api/modern.js';
import { budgetEstimate } from '../engine/pace/budget-estimate.js';
import { formatDuration } from '../../util/duration.js';
import { exportPages } from './pages.js';
import { EXPORT_COLUMNS } from './rows.js';

export interface ExportOptions {
  pageSize: number;
  /** --details: one detail read per link, for what only the detail shows (targets, expiry). */
  details?: boolean;
}

/** `urls export`: every link, streamed page by page, csv unless -o says otherwise. */
export async function runExport(ctx: Context, opts: ExportOptions): Promise<number> {
  const started = ctx.now();
  const format = bulkOutputFormat(ctx, 'urls export');
  const tally = { requests: 0 };
  let sink: Awaited<ReturnType<typeof openResultSink>> | undefined;
  let columns: string[] = EXPORT_COLUMNS;
  let count = 0;
  let progress: Progress | undefined;
  try {
    for await (const page of exportPages(ctx, opts, tally)) {
      if (!sink) {
        columns = page.columns;
        sink = await openResultSink(ctx, format, { quietField: 'shorturl', columns, batch: true });
        if (opts.details) await stateDetailCost(ctx, page.total ?? page.count, await ctx.api());
        if (page.total) progress = await startProgress(ctx, page.total, 'exporting');
      }
      for await (const row of page.rows) await sink.write(row);
      await sink.flush();
      count += page.count;
      for (let i = 0; i < page.count; i++) progress?.tick();
    }
  } finally {
    progress?.stop();
  }
  await (sink ?? (await openResultSink(ctx, format, { quietField: 'shorturl', columns, batch: true }))).end();
  if (!ctx.globals.quiet) {
    const { requests } = tally;
    ctx.io.stderr.write(
      `${count} link${count === 1 ? '' : 's'} exported in ${requests} request${requests === 1 ? '' : 's'} (${formatDuration(ctx.now() - started)})\n`,
    );
  }
  return EXIT.ok;
}

/** Before the first detail read: what --details costs, at the budget the limiter has left. */
async function stateDetailCost(ctx: Context, links: number, api: ModernApi): Promise<void> {
  if (ctx.globals.quiet || links === 0) return;
  const estimate = await budgetEstimate(ctx, await ctx.settings(), links, api);
  ctx.io.stderr.write(`--details: ${links} more request${links === 1 ? '' : 's'} (one per link), ${estimate}\n`);
}
