import { type LinkBody, linkBodyToRow } from '../../input/link-body.js';
import type { LinkColumn } from '../../input/link-columns.js';
import type { SyncKey } from './desired.js';
import { recordName, type Change } from './diff.js';
import type { SyncItem, SyncPlan } from './plan.js';

type Row = Record<string, unknown>;

/**
 * The plan as data, for `urls sync --dry-run -o json` (and --check): what CI diffs between runs.
 * Every list is sorted (by key, then row or id) and every object has its fields in one order, so
 * the same file against the same account prints the same bytes. Fields are named as every command
 * names a link's (alias, longurl, title, ...), their values in the syntax `urls import` reads; a
 * password is never printed, only whether one is set or changed.
 *
 *   { key, creates: [{key, row, link}], updates: [{key, row, id, changes: [{field, old, new}]}],
 *     deletes: [{key, id, alias, longurl}], invalid: [{row, error}],
 *     unchanged, accountOnly, withheld, read: {links, requests} }
 */
export function planData(plan: SyncPlan, key: SyncKey): Row {
  const of = <T extends SyncItem['op']>(op: T) =>
    plan.items.filter((i): i is Extract<SyncItem, { op: T }> => i.op === op);
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return {
    key,
    creates: of('create')
      .map((i) => ({ key: i.key, row: i.row, link: linkOf(i.body) }))
      .sort((a, b) => byKey(a, b) || a.row - b.row),
    updates: of('update')
      .map((i) => ({ key: i.key, row: i.row, id: idValue(i.id), changes: i.changes.map(changeOf) }))
      .sort((a, b) => byKey(a, b) || a.row - b.row),
    deletes: of('delete')
      .sort((a, b) => byKey(a, b) || idOrder(a.id, b.id))
      .map((i) => ({ key: i.key, id: idValue(i.id), alias: i.alias, longurl: i.longurl })),
    invalid: [...plan.invalid].sort((a, b) => a.row - b.row).map((r) => ({ row: r.row, error: r.error })),
    unchanged: plan.unchanged,
    accountOnly: plan.accountOnly,
    withheld: plan.withheld,
    read: { links: plan.read.links, requests: plan.read.requests },
  };
}

/** The fields a create sets, under the record's names, in the link body's order. */
function linkOf(body: LinkBody): Row {
  const cells = linkBodyToRow(body);
  const link: Row = {};
  for (const [field, value] of Object.entries(cells) as [LinkColumn, string][]) {
    if (body[field] === undefined) continue;
    link[recordName(field)] = field === 'password' ? '(set)' : value;
  }
  return link;
}

function changeOf(change: Change): Row {
  if (change.field === 'password') return { field: 'password', changed: true };
  return { field: recordName(change.field), old: change.from, new: change.to };
}

/** A link id as every record prints it: a number (a server's non-numeric id stays as it came). */
function idValue(id: string): number | string {
  return /^\d+$/.test(id) ? Number(id) : id;
}

function idOrder(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}
