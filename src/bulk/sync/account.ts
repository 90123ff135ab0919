import type { ModernApi } from '../../api/modern.js';
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
 * requests, and nothing else is read.
 */
export async function readAccount(api: ModernApi, key: SyncKey, pageSize: number, signal?: AbortSignal): Promise<AccountState> {
  const state: AccountState = { byKey: new Map(), links: 0, requests: 0 };
  for await (const { items } of linkPages(api, pageSize)) {
    if (signal?.aborted) throw signal.reason;
    state.requests += 1;
    for (const item of items) {
      const name = accountKey(item, key);
      if (name === undefined || (typeof item.id !== 'number' && typeof item.id !== 'string')) continue;
      state.links += 1;
      const link = { id: String(item.id), item };
      const list = state.byKey.get(name);
      if (list) list.push(link);
      else state.byKey.set(name, [link]);
    }
  }
  return state;
}
