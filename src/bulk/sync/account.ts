import type { ModernApi } from '../../api/modern.js';
import { readEveryLink, type AccountItem } from '../engine/read/account-pages.js';
import { urlKey, type SyncKey } from './desired.js';

export type { AccountItem };

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
function accountKey(item: AccountItem, key: SyncKey): string | undefined {
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
