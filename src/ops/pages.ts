// One page of a list, as an operation answers it: its items, and where it stands in the list.
import type { ListEndpoint } from '../api/lists.js';
import { type Item, type Page, paginate } from '../api/paginate.js';
import type { Query } from '../api/modern.js';
import type { Context } from '../context.js';

export interface PageInput {
  /** The page to read (default 1). */
  page?: number;
  /** Items per page (default: the server's). */
  limit?: number;
}

export interface PageOf {
  items: Item[];
  page: number;
  /** The next page to ask for; null on the last page. */
  nextpage: number | null;
  maxpage: number;
  total: number;
}

export async function readPage(
  ctx: Context,
  list: ListEndpoint,
  input: PageInput & { query?: Query; mapItem?: (item: Item) => Item },
): Promise<PageOf> {
  const pages = paginate(await ctx.api(), list.path, {
    keys: list.keys,
    limit: input.limit,
    page: input.page,
    query: input.query,
  });
  const page = (await pages.next()).value as Page | undefined;
  const items = (page?.items ?? []).map((item) => (input.mapItem ? input.mapItem(item) : item));
  return {
    items,
    page: page?.page ?? 1,
    nextpage: page?.nextpage ?? null,
    maxpage: page?.maxpage ?? 1,
    total: page?.total ?? 0,
  };
}
