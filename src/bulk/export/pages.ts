import type { Context } from '../../context.js';
import type { Row } from '../../output/fields.js';
import type { ModernApi } from '../../api/modern.js';
import { linkPages } from '../engine/read/account-pages.js';
import { exportColumns, exportRow } from './rows.js';

export interface ExportPage {
  /** The export's columns, fixed by the first page. */
  columns: string[];
  /** The links the account holds, as the first page's answer says (when it says). */
  total?: number;
  /** The page's links. */
  count: number;
  /** The page's links as export rows; with details, each read as its row is taken, so rows stream. */
  rows: AsyncGenerator<Row>;
}

/**
 * Every link of the account as export rows, page by page: what `urls export` writes and the
 * export operation yields. `tally.requests` counts the list and detail reads made so far.
 */
export async function* exportPages(
  ctx: Context,
  opts: { pageSize: number; details?: boolean },
  tally: { requests: number } = { requests: 0 },
): AsyncGenerator<ExportPage> {
  const api = await ctx.api();
  const { baseUrl } = await ctx.settings();
  let columns: string[] | undefined;
  let total: number | undefined;
  for await (const page of linkPages(api, opts.pageSize)) {
    tally.requests += 1;
    if (!columns) {
      columns = exportColumns(page.items, opts.details);
      total = page.total;
    }
    const fixed = columns;
    async function* rows(): AsyncGenerator<Row> {
      for (const item of page.items) {
        const detail = opts.details ? await readDetail(api, item) : undefined;
        if (detail) tally.requests += 1;
        yield exportRow(item, fixed, baseUrl, detail);
      }
    }
    yield { columns, total, count: page.items.length, rows: rows() };
  }
}

/** GET /url/:id of a listed link; an item without an id has no detail to read. */
async function readDetail(api: ModernApi, item: Row): Promise<Row | undefined> {
  if (typeof item.id !== 'number' && typeof item.id !== 'string') return undefined;
  return api.call<Row>('GET', `/url/${encodeURIComponent(String(item.id))}`);
}
