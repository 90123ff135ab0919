// A resource as the generic verbs see it: declared once (its list endpoint, its fields, how it is
// named, the request that deletes one), so `list`, `get` and `delete` print and take it the same
// way in every group. The verbs themselves are in verbs/, a file each, as every group's own verbs
// are: `register(parent, ctx, res, ...)` adds the verb to a group and `run(res, opts, ctx)` does
// its work. The resource comes first in run because it is not parsed: a group binds it when it
// registers the verb, and opts stays what the parser fills, as in every other verb's run(opts, ctx).
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { Item } from '../../api/paginate.js';
import { findInList as findRecord, recordOf } from '../../ops/resources.js';
import type { View } from '../../output/printer.js';
import { notes } from './action.js';
import { type ListedKind, listedOf, type NamedKind } from '../../ops/names.js';

export interface Resource extends ListedKind {
  view: View & { fields: readonly string[] };
  /** Smooths over server differences in each item (a campaign's name under `domain`). */
  mapItem?: (item: Item) => Item;
  /** How an item is named besides its id (its name, a domain's host): see ops/names.ts. */
  named?: NamedKind;
}

/** What `delete` needs of a resource: its words, how it is named, and the request that deletes one. */
export interface Deletable extends Pick<Resource, 'noun' | 'group' | 'named'> {
  /** The path of the `DELETE` of one: `/campaign/4/delete`. */
  deletePath(id: number): string;
}

/** A resource named as `named` says, whose records have `fields`, all of them columns of a table. */
export function namedResource(named: NamedKind, fields: readonly string[]): Resource {
  return { ...listedOf(named), view: { columns: [...fields], fields }, named };
}

/** Adds "Fields: ..." to a command's help: the names --fields takes, the same in every verb. */
export function fieldsHelp(cmd: Command, res: Resource): Command {
  const extra = res.view.extraFields?.length ? ` (some servers add ${res.view.extraFields.join(', ')})` : '';
  return notes(cmd, `Fields of a ${res.noun}: ${res.view.fields.join(', ')}${extra}.`);
}

/** The resource as the operations read it (src/ops/resources.ts). */
export function kindOf(res: Resource) {
  return { named: res, fields: res.view.fields, mapItem: res.mapItem };
}

/** The resource's record in its fields' order, then whatever else the server sent. */
export function asRecord(res: Resource, item: Item): Item {
  return recordOf(kindOf(res), item);
}

/** The record with `id`, or exit 1 naming it when no page holds it. */
export function findInList(ctx: Context, res: Resource, id: number): Promise<Item> {
  return findRecord(ctx, kindOf(res), id);
}
