import { EXIT } from '../../errors.js';
import type { Context } from '../../context.js';
import { brandedDomain, LINK_FIELDS, LINK_SETTING_FIELDS, linkRecord, mergedRecord } from '../../input/link-record.js';
import type { Row } from '../../output/fields.js';
import { startProgress, type Progress } from '../engine/end/progress.js';
import { cellsFromJson } from '../engine/read/rows.js';
import { bulkOutputFormat, openResultSink } from '../engine/end/results.js';
import { linkPages } from '../engine/read/account-pages.js';
import type { ModernApi } from '../../api/modern.js';
import { budgetEstimate } from '../engine/pace/budget-estimate.js';
import { formatDuration } from '../../util/duration.js';

export interface ExportOptions {
  pageSize: number;
  /** --details: one detail read per link, for what only the detail shows (targets, expiry). */
  details?: boolean;
}

/** What a link's detail adds that a list item lacks and a create can set: read back by import. */
const DETAIL_COLUMNS = ['geotarget', 'devicetarget', 'languagetarget'] as const;

type LinkItem = Record<string, unknown>;

export { brandedDomain };

/**
 * The link's own fields (src/input/link-record.ts), the columns every export starts with. `urls
 * import` reads alias, longurl, title (as metatitle), description (as metadescription), domain and
 * expiry back, and ignores the others.
 */
export const EXPORT_COLUMNS: string[] = [...LINK_FIELDS];

/**
 * The columns of an export: the link's fields, then the settable fields the first page carries
 * (with --details, the targets a detail shows, always).
 */
export function exportColumns(firstPage: LinkItem[], details = false): string[] {
  const settings = LINK_SETTING_FIELDS.filter(
    (c) =>
      (details && (DETAIL_COLUMNS as readonly string[]).includes(c)) || firstPage.some((item) => item[c] !== undefined),
  );
  return [...EXPORT_COLUMNS, ...settings];
}

/** A value as the row carries it: null when the link has none (an empty cell in csv and tsv). */
const text = (value: unknown): string | number | null =>
  typeof value === 'number' || typeof value === 'string' ? value : null;

/** A link as an export row, in the columns given (values in their import syntax); its detail's fields over the item's. */
export function exportRow(item: LinkItem, columns: string[], baseUrl?: string, detail?: LinkItem): Row {
  const listed = linkRecord(item, { baseUrl });
  const record = detail ? mergedRecord(listed, linkRecord(detail, { baseUrl })) : listed;
  const extras = cellsFromJson(
    Object.fromEntries(LINK_SETTING_FIELDS.filter((c) => columns.includes(c)).map((c) => [c, record[c]])),
  );
  const row: Row = {};
  for (const column of columns) row[column] = column in extras ? extras[column] : text(record[column]);
  return row;
}

/** `urls export`: every link, streamed page by page, csv unless -o says otherwise. */
export async function runExport(ctx: Context, opts: ExportOptions): Promise<number> {
  const started = ctx.now();
  const format = bulkOutputFormat(ctx, 'urls export');
  const api = await ctx.api();
  const { baseUrl } = await ctx.settings();
  let sink: Awaited<ReturnType<typeof openResultSink>> | undefined;
  let columns: string[] = EXPORT_COLUMNS;
  let requests = 0;
  let count = 0;
  let progress: Progress | undefined;
  try {
    for await (const { items, total } of linkPages(api, opts.pageSize)) {
      requests += 1;
      if (!sink) {
        columns = exportColumns(items, opts.details);
        sink = await openResultSink(ctx, format, { quietField: 'shorturl', columns, batch: true });
        if (opts.details) await stateDetailCost(ctx, total ?? items.length, api);
      }
      if (requests === 1 && total) progress = await startProgress(ctx, total, 'exporting');
      for (const item of items) {
        const detail = opts.details ? await readDetail(api, item) : undefined;
        if (detail) requests += 1;
        await sink.write(exportRow(item, columns, baseUrl, detail));
      }
      await sink.flush();
      count += items.length;
      for (let i = 0; i < items.length; i++) progress?.tick();
    }
  } finally {
    progress?.stop();
  }
  await (sink ?? (await openResultSink(ctx, format, { quietField: 'shorturl', columns, batch: true }))).end();
  if (!ctx.globals.quiet) {
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

/** GET /url/:id of a listed link; an item without an id has no detail to read. */
async function readDetail(api: ModernApi, item: LinkItem): Promise<LinkItem | undefined> {
  if (typeof item.id !== 'number' && typeof item.id !== 'string') return undefined;
  return api.call<LinkItem>('GET', `/url/${encodeURIComponent(String(item.id))}`);
}
