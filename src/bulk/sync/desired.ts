import type { LinkBody } from '../../input/link-body.js';
import type { ImportInput } from '../engine/read/input.js';
import { checkRow, CredentialRows } from '../engine/check/row-check.js';

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

export function keyOf(body: LinkBody, key: SyncKey): string | undefined {
  return key === 'alias' ? body.custom : urlKey(body.url);
}

/**
 * Reads the whole file before anything is sent, checking every row as `urls import` does. A row
 * without a key (no alias with --key alias) or with a key an earlier row already has is invalid:
 * a key names one link, and two rows for one link would fight over it.
 */
export async function readDesired(input: ImportInput, key: SyncKey, signal?: AbortSignal): Promise<DesiredState> {
  const state: DesiredState = { rows: 0, links: [], invalid: [], credentials: new CredentialRows() };
  const seen = new Map<string, number>();
  for await (const source of input.rows()) {
    if (signal?.aborted) throw signal.reason;
    state.rows += 1;
    const checked = checkRow(source);
    if (!checked.valid) {
      state.invalid.push({ row: source.row, error: checked.error });
      continue;
    }
    const name = keyOf(checked.body, key);
    const earlier = name === undefined ? undefined : seen.get(name);
    if (name === undefined) {
      state.invalid.push({
        row: source.row,
        error: 'no alias: with --key alias every row needs one (--key url matches links by long URL)',
      });
    } else if (earlier !== undefined) {
      const what = key === 'alias' ? 'alias' : 'long URL';
      state.invalid.push({ row: source.row, error: `the same ${what} as row ${earlier}: each ${what} names one link` });
    } else {
      seen.set(name, source.row);
      state.credentials.note(source.row, checked.body);
      state.links.push({ row: source.row, key: name, body: checked.body });
    }
  }
  return state;
}
