import { LINK_COLUMNS, linkBodyToRow, type LinkBody, type LinkColumn } from '../../input/link-body.js';
import { brandedDomain } from '../../input/link-record.js';
import { RECORD_NAME_OF_BODY_FIELD } from '../../input/link-record.js';
import { cellsFromJson } from '../engine/read/rows.js';
import type { AccountItem } from './account.js';
import { urlKey, type SyncKey } from './desired.js';

/** One field of a link that the file sets to another value than the account holds (both in import syntax). */
export interface Change {
  field: LinkColumn;
  from: string;
  to: string;
}

export interface LinkDiff {
  changes: Change[];
  /** Fields the file sets that the account's list answer does not show: they cannot be compared. */
  unseen: LinkColumn[];
}

/** The account's value of a field in import syntax, or undefined when its list answer does not carry it. */
function currentCell(item: AccountItem, field: LinkColumn, baseUrl: string): string | undefined {
  if (field === 'domain') {
    return item.shorturl === undefined && item.domain === undefined ? undefined : brandedDomain(item, baseUrl);
  }
  const value = item[recordName(field)];
  return value === undefined ? undefined : cellsFromJson({ [field]: value })[field];
}

/** A branded domain as a place: `go.example.com`, `https://Go.example.com/` are one; the service's own is ''. */
function domainKey(text: string, baseUrl: string): string {
  const place = (value: string) => {
    try {
      const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
      return `${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase();
    } catch {
      return value.toLowerCase();
    }
  };
  const key = text.trim() === '' ? '' : place(text.trim());
  return key === place(baseUrl) ? '' : key;
}

const idSet = (cell: string) =>
  cell
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .sort()
    .join(';');

function same(field: LinkColumn, current: string, desired: string, baseUrl: string): boolean {
  switch (field) {
    case 'url':
      return urlKey(current) === urlKey(desired);
    case 'domain':
      return domainKey(current, baseUrl) === domainKey(desired, baseUrl);
    case 'pixels':
      return idSet(current) === idSet(desired);
    case 'channel':
      // Some servers list every channel a link sits in: the one the file names is among them.
      return current
        .split(';')
        .map((s) => s.trim())
        .includes(desired);
    default:
      return current.trim() === desired.trim();
  }
}

/**
 * How an account link differs from the row that describes it. Only the fields the row sets are
 * compared (an empty cell leaves a field alone), and only where the list answer shows them; the
 * key itself matches by construction.
 */
export function linkDiff(body: LinkBody, item: AccountItem, key: SyncKey, baseUrl: string): LinkDiff {
  const desired = linkBodyToRow(body);
  const diff: LinkDiff = { changes: [], unseen: [] };
  const keyField: LinkColumn = key === 'alias' ? 'custom' : 'url';
  for (const field of LINK_COLUMNS) {
    if (field === keyField || body[field] === undefined) continue;
    const current = currentCell(item, field, baseUrl);
    if (current === undefined) diff.unseen.push(field);
    else if (!same(field, current, desired[field], baseUrl))
      diff.changes.push({ field, from: current, to: desired[field] });
  }
  return diff;
}

/**
 * The body of the update that makes the link match: the fields that differ, and the long URL the
 * API requires on every update (the link's own when it is not one of them).
 */
export function updateBody(body: LinkBody, item: AccountItem, changes: readonly Change[]): LinkBody {
  const fields = new Set(changes.map((c) => c.field));
  const out: Record<string, unknown> = { url: fields.has('url') ? body.url : String(item.longurl) };
  for (const field of LINK_COLUMNS) if (field !== 'url' && fields.has(field)) out[field] = body[field];
  return out as unknown as LinkBody;
}

/** A link body field under the link record's name (the list answer's, and every command's). */
export function recordName(field: LinkColumn): string {
  return RECORD_NAME_OF_BODY_FIELD[field] ?? field;
}
