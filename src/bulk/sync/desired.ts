import type { LinkBody } from '../../input/link-body.js';
import type { ImportInput } from '../engine/read/input.js';
import { CredentialRows, RowChecker, type RowIdentity } from '../engine/check/row-check.js';

/** What names a link in both the file and the account: its alias, or its long URL. */
export type SyncKey = 'alias' | 'url';

/** A valid row of the file: the link it describes, by key. */
export interface DesiredLink {
  row: number;
  key: string;
  body: LinkBody;
}

export interface InvalidRow {
  row: number;
  error: string;
}

/** The file, read and checked: the links it wants (in its order) and the rows that say nothing usable. */
export interface DesiredState {
  rows: number;
  links: DesiredLink[];
  invalid: InvalidRow[];
  credentials: CredentialRows;
}

/** A long URL as a key: its WHATWG form, so `https://Example.com` and `https://example.com/` are one link. */
export function urlKey(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

function keyOf(body: LinkBody, key: SyncKey): string | undefined {
  return key === 'alias' ? body.custom : urlKey(body.url);
}

/**
 * Reads the whole file before anything is sent, with the row check of `urls import` (RowChecker)
 * under sync's key: a row without a key (no alias with --key alias) or with a key an earlier row
 * already has is invalid: a key names one link, and two rows for one link would fight over it.
 */
export async function readDesired(input: ImportInput, key: SyncKey, signal?: AbortSignal): Promise<DesiredState> {
  const state: DesiredState = { rows: 0, links: [], invalid: [], credentials: new CredentialRows() };
  const checker = new RowChecker(syncIdentity(key));
  for await (const source of input.rows()) {
    if (signal?.aborted) throw signal.reason;
    state.rows += 1;
    const checked = checker.check(source);
    if (!checked.valid) {
      state.invalid.push({ row: source.row, error: checked.error });
      continue;
    }
    state.credentials.note(source.row, checked.body);
    state.links.push({ row: source.row, key: keyOf(checked.body, key)!, body: checked.body });
  }
  return state;
}

/** What names a link in sync: its alias (every row needs one) or its long URL. */
function syncIdentity(key: SyncKey): RowIdentity {
  return key === 'alias'
    ? {
        what: 'alias',
        of: (body) => keyOf(body, 'alias'),
        required: 'no alias: with --key alias every row needs one (--key url matches links by long URL)',
      }
    : { what: 'long URL', of: (body) => keyOf(body, 'url') };
}
