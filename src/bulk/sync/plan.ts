import type { LinkBody, LinkColumn } from '../../input/link-body.js';
import type { AccountLink, AccountState } from './account.js';
import type { DesiredLink, DesiredState, InvalidRow, SyncKey } from './desired.js';
import { linkDiff, updateBody, type Change } from './diff.js';

/** One write that makes the account match the file. */
export type SyncItem =
  | { op: 'create'; key: string; row: number; body: LinkBody }
  | { op: 'update'; key: string; row: number; id: string; body: LinkBody; changes: Change[] }
  | { op: 'delete'; key: string; id: string; longurl: string; alias: string };

export interface SyncPlan {
  /** In the order they are sent: creates and updates in file order, then deletions. */
  items: SyncItem[];
  unchanged: number;
  invalid: InvalidRow[];
  /** Links only the account has, left alone because --prune is off. */
  accountOnly: number;
  /** Deletions --prune would make but that are held back because some rows are invalid. */
  withheld: number;
  /** Fields the file sets on links that exist but the list answer does not show, with how many rows set them. */
  unseen: Map<LinkColumn, number>;
  /** Links read from the account, and the list requests that read them. */
  read: { links: number; requests: number };
}

export interface PlanOptions {
  key: SyncKey;
  prune: boolean;
  /** The service's own base URL: a link on it has no branded domain. */
  baseUrl: string;
}

export const counts = (plan: SyncPlan) => ({
  create: plan.items.filter((i) => i.op === 'create').length,
  update: plan.items.filter((i) => i.op === 'update').length,
  delete: plan.items.filter((i) => i.op === 'delete').length,
});

/**
 * Compares the file with the account, key by key. A row whose key the account lacks is a create;
 * one whose link differs in a field the row sets is an update of those fields; the rest are
 * unchanged. With --prune, the links under keys no row names are deleted, unless a row is
 * invalid: the file is then not a whole description of the account, and a link the broken row
 * meant would go.
 */
export function planSync(desired: DesiredState, account: AccountState, opts: PlanOptions): SyncPlan {
  const plan: SyncPlan = {
    items: [],
    unchanged: 0,
    invalid: desired.invalid,
    accountOnly: 0,
    withheld: 0,
    unseen: new Map(),
    read: { links: account.links, requests: account.requests },
  };
  const matched = new Set<string>();
  for (const link of desired.links) {
    const found = pick(account.byKey.get(link.key) ?? [], link, opts);
    if (!found) {
      plan.items.push({ op: 'create', key: link.key, row: link.row, body: link.body });
      continue;
    }
    matched.add(found.id);
    const diff = linkDiff(link.body, found.item, opts.key, opts.baseUrl);
    for (const field of diff.unseen) plan.unseen.set(field, (plan.unseen.get(field) ?? 0) + 1);
    if (diff.changes.length === 0) plan.unchanged += 1;
    else
      plan.items.push({
        op: 'update',
        key: link.key,
        row: link.row,
        id: found.id,
        body: updateBody(link.body, found.item, diff.changes),
        changes: diff.changes,
      });
  }
  for (const [key, links] of account.byKey) {
    for (const { id, item } of links) {
      if (matched.has(id)) continue;
      if (!opts.prune) plan.accountOnly += 1;
      else if (desired.invalid.length > 0) plan.withheld += 1;
      else
        plan.items.push({
          op: 'delete',
          key,
          id,
          longurl: String(item.longurl ?? ''),
          alias: String(item.alias ?? ''),
        });
    }
  }
  return plan;
}

/**
 * The account link a row stands for when several share its key (one alias on two domains, one
 * long URL shortened twice): the one on the row's domain, then the one that differs from the row
 * in the fewest fields (under --key url, the one that already has the row's alias: taking another
 * would rename it to an alias that is taken, and --prune would delete the link the row describes),
 * then the oldest (the lowest id), whose short URL has been out the longest.
 */
function pick(links: AccountLink[], link: DesiredLink, opts: PlanOptions): AccountLink | undefined {
  if (links.length <= 1) return links[0];
  const rank = (l: AccountLink) => {
    const { changes } = linkDiff(link.body, l.item, opts.key, opts.baseUrl);
    return [changes.some((c) => c.field === 'domain') ? 1 : 0, changes.length, idOrder(l.id)];
  };
  const ranked = links.map((l) => ({ l, rank: rank(l) }));
  return ranked.reduce((a, b) => (before(b.rank, a.rank) ? b : a)).l;
}

/** Whether rank `a` comes before rank `b`, comparing their numbers in order. */
function before(a: number[], b: number[]): boolean {
  const i = a.findIndex((n, k) => n !== b[k]);
  return i >= 0 && a[i]! < b[i]!;
}

function idOrder(id: string): number {
  const n = Number(id);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}
