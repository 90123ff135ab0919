import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { Query } from '../../api/modern.js';
import { BULK_PAGE_SIZE, paginate, type Item, type Page } from '../../api/paginate.js';
import { parsePositiveInt } from '../../input/validate.js';
import { checkKnownFields, keysInOrder, parseFieldList } from '../../output/fields.js';
import type { PageInfo, View } from '../../output/printer.js';

export interface ListFlags {
  limit?: string;
  page?: string;
  all?: boolean;
}

/** --limit, --page and --all, the same on every list command. */
export function addListOptions(cmd: Command): Command {
  return cmd
    .option('--limit <n>', 'results per page (the server defaults to 15)')
    .option('--page <n>', 'page to show (or to start from with --all)')
    .option(
      '--all',
      `follow every page to the last one, printing rows as they come (${BULK_PAGE_SIZE} per request unless --limit or --page)`,
    );
}

export interface ListRequest {
  path: string;
  /** The collection key, then accepted fallbacks, e.g. ['cta', 'overlay']. */
  keys: string[];
  view: View;
  flags: ListFlags;
  query?: Query;
  /** Smooths over server differences in each item (e.g. a campaign's name under `domain`). */
  mapItem?: (item: Item) => Item;
}

/** Checks the paging flags and --fields (before any request), then streams the rows to the printer. */
export async function printList(ctx: Context, req: ListRequest): Promise<void> {
  const limit = req.flags.limit === undefined ? undefined : parsePositiveInt(req.flags.limit, '--limit');
  const page = req.flags.page === undefined ? undefined : parsePositiveInt(req.flags.page, '--page');
  // Checked before any request: exit 2 means nothing was sent. Fields that servers of other
  // versions add are known too.
  const fields = parseFieldList(ctx.globals.fields);
  const declared = req.view.fields;
  if (fields && declared) checkKnownFields(fields, [...declared, ...(req.view.extraFields ?? [])]);
  const [api, printer] = await Promise.all([ctx.api(), ctx.printer()]);
  const all = Boolean(req.flags.all);
  // Every request costs a slot of the rate limit, so --all asks for large pages. A --page counts
  // pages of the size the user means (the server's default without --limit): that size stays.
  const perPage = limit ?? (all && page === undefined ? BULK_PAGE_SIZE : undefined);
  let last: Page | undefined;
  async function* rows(): AsyncGenerator<Item> {
    for await (const current of paginate(api, req.path, {
      keys: req.keys,
      query: req.query,
      limit: perPage,
      page,
      all,
    })) {
      last = current;
      const items = req.mapItem ? current.items.map(req.mapItem) : current.items;
      yield* declared ? items.map((item) => keysInOrder(item, declared)) : items;
    }
  }
  const info = (): PageInfo | undefined =>
    last && { page: last.page, maxpage: last.maxpage, total: last.total, all: all && last.maxpage > 1 };
  await printer.list(rows(), req.view, info);
}
