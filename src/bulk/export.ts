import type { ModernApi } from '../api/modern.js';
import { paginate } from '../api/paginate.js';
import type { Context } from '../context.js';
import type { Row } from '../output/fields.js';
import { startProgress, type Progress } from './progress.js';
import { bulkOutputFormat, openResultSink } from './results.js';
import { formatElapsed } from './timing.js';

export interface ExportOptions {
  pageSize: number;
}

interface LinkItem {
  id?: number;
  alias?: string;
  shorturl?: string;
  longurl?: string;
  clicks?: number;
  title?: string;
  description?: string;
  date?: string;
}

export const EXPORT_COLUMNS = ['url', 'custom', 'id', 'shorturl', 'clicks', 'title', 'description', 'date'];

/**
 * A link as an export row: `url` and `custom` first, named as `urls import` reads them, so the csv
 * re-imports as it is (import ignores the other columns and puts its own id/shorturl in place).
 */
export function exportRow(item: LinkItem): Row {
  return {
    url: item.longurl ?? '',
    custom: item.alias ?? '',
    id: item.id ?? '',
    shorturl: item.shorturl ?? '',
    clicks: item.clicks ?? '',
    title: item.title ?? '',
    description: item.description ?? '',
    date: item.date ?? '',
  };
}

/**
 * Every link, one large page per request: ceil(N / page size) requests when the server grants the
 * size asked, and still all of them (following `nextpage`) when it grants fewer.
 */
export async function* linkPages(api: ModernApi, pageSize: number): AsyncGenerator<{ items: LinkItem[]; total?: number }> {
  for await (const page of paginate(api, '/urls', { keys: ['urls'], limit: pageSize, page: 1, all: true })) {
    yield { items: page.items as LinkItem[], total: page.total };
  }
}

/** `urls export`: every link, streamed page by page, csv unless -o says otherwise. */
export async function runExport(ctx: Context, opts: ExportOptions): Promise<number> {
  const started = ctx.now();
  const format = bulkOutputFormat(ctx, 'urls export');
  const api = await ctx.api();
  const sink = await openResultSink(ctx, format, { quietField: 'shorturl', columns: EXPORT_COLUMNS, batch: true });
  let requests = 0;
  let count = 0;
  let progress: Progress | undefined;
  try {
    for await (const { items, total } of linkPages(api, opts.pageSize)) {
      requests += 1;
      if (requests === 1 && total) progress = await startProgress(ctx, total, 'exporting');
      for (const item of items) await sink.write(exportRow(item));
      await sink.flush();
      count += items.length;
      for (let i = 0; i < items.length; i++) progress?.tick();
    }
  } finally {
    progress?.stop();
  }
  await sink.end();
  if (!ctx.globals.quiet) {
    ctx.io.stderr.write(`${count} link${count === 1 ? '' : 's'} exported in ${requests} request${requests === 1 ? '' : 's'} (${formatElapsed(ctx.now() - started)})\n`);
  }
  return 0;
}
