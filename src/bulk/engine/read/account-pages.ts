import type { ModernApi } from '../../../api/modern.js';
import { paginate } from '../../../api/paginate.js';
import { LISTS } from '../../../api/lists.js';

/** A link of the account as the list answer gives it. */
export type AccountItem = Record<string, unknown>;

/**
 * Every link, one large page per request: ceil(N / page size) requests when the server grants the
 * size asked, and still all of them (following `nextpage`) when it grants fewer.
 */
export async function* linkPages(
  api: ModernApi,
  pageSize: number,
): AsyncGenerator<{ items: AccountItem[]; total?: number }> {
  for await (const page of paginate(api, LISTS.urls.path, {
    keys: LISTS.urls.keys,
    limit: pageSize,
    page: 1,
    all: true,
    noun: 'links',
  })) {
    yield { items: page.items, total: page.total };
  }
}

/** Every link of the account by id, in large pages; a list that ends short of its announced total is an error (paginate). */
export async function readEveryLink(
  api: ModernApi,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ links: Map<string, AccountItem>; requests: number }> {
  const links = new Map<string, AccountItem>();
  let requests = 0;
  for await (const { items } of linkPages(api, pageSize)) {
    if (signal?.aborted) throw signal.reason;
    requests += 1;
    for (const item of items) {
      if (typeof item.id !== 'number' && typeof item.id !== 'string') continue;
      if (!links.has(String(item.id))) links.set(String(item.id), item);
    }
  }
  return { links, requests };
}
