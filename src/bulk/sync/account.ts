import type { ModernApi } from '../../api/modern.js';
import { UnusableResponseError } from '../../errors.js';
import { linkPages } from '../export.js';
import { urlKey, type SyncKey } from './desired.js';

/** A link of the account as the list answer gives it. */
export type AccountItem = Record<string, unknown>;

export interface AccountLink {
  id: string;
  item: AccountItem;
}

export interface AccountState {
  /** The links by key; several when the account has more than one link under a key. */
  byKey: Map<string, AccountLink[]>;
  links: number;
  /** List requests sent to read it. */
  requests: number;
}

/** An item's key: its alias, or its long URL in WHATWG form; undefined for an item without one. */
export function accountKey(item: AccountItem, key: SyncKey): string | undefined {
  const value = key === 'alias' ? item.alias : item.longurl;
  if (typeof value !== 'string' || value === '') return undefined;
  return key === 'alias' ? value : urlKey(value);
}

/**
 * Reads every link in large pages, as `urls export` does: N links cost ceil(N / pageSize)
 * requests, and nothing else is read. A link met twice (one created while reading pushes the
 * rest a place down) is one link. A list that ends before the count its first page announced is
 * an error: a link never read would be created again, or left out of --prune's reckoning.
 */
export async function readAccount(
  api: ModernApi,
  key: SyncKey,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AccountState> {
  const { links, requests } = await readEveryLink(api, pageSize, signal);
  const state: AccountState = { byKey: new Map(), links: links.size, requests };
  for (const [id, item] of links) {
    const name = accountKey(item, key);
    if (name === undefined) continue;
    const link = { id, item };
    const list = state.byKey.get(name);
    if (list) list.push(link);
    else state.byKey.set(name, [link]);
  }
  return state;
}

/** Every link of the account by id, in large pages; a list that ends short of its announced total is an error. */
export async function readEveryLink(
  api: ModernApi,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ links: Map<string, AccountItem>; requests: number }> {
  const links = new Map<string, AccountItem>();
  let requests = 0;
  let announced: number | undefined;
  for await (const { items, total } of linkPages(api, pageSize)) {
    if (signal?.aborted) throw signal.reason;
    requests += 1;
    announced ??= total;
    for (const item of items) {
      if (typeof item.id !== 'number' && typeof item.id !== 'string') continue;
      if (!links.has(String(item.id))) links.set(String(item.id), item);
    }
  }
  if (announced !== undefined && links.size < announced) {
    throw new UnusableResponseError(
      `the account's link list ended after ${links.size} of the ${announced} links it announced: nothing was changed`,
      { hint: 'run it again; `shorty urls export` shows what the server lists' },
    );
  }
  return { links, requests };
}
