// The verbs every resource has in the same shape: `list`, `get` and `delete`, and the help that
// names the resource's fields. A resource is declared once (its list endpoint, its fields) and
// each verb prints the same field names in every format.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { BULK_PAGE_SIZE, paginate, type Item } from '../../api/paginate.js';
import { parseId } from '../../input/validate.js';
import { keysInOrder } from '../../output/fields.js';
import type { View } from '../../output/printer.js';
import { action, examples, notes } from './action.js';
import { checkConsentPossible, DELETION } from '../../consent.js';
import { deleteMany } from './delete.js';
import {
  checkNamedArgs,
  type ListedKind,
  listedOf,
  namedHelp,
  type NamedKind,
  resolveIds,
  resolveNamed,
} from './resolve-name.js';
import { eachAnswers } from './each.js';
import { verb } from './group.js';
import { addListOptions, printList, type ListFlags } from './list.js';
import { answers } from './surface.js';

export interface Resource extends ListedKind {
  view: View & { fields: readonly string[] };
  /** Smooths over server differences in each item (a campaign's name under `domain`). */
  mapItem?: (item: Item) => Item;
  /** How an item is named besides its id (its name, a domain's host): see resolve-name.ts. */
  named?: NamedKind;
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

/** The resource's record in its fields' order, then whatever else the server sent. */
export function asRecord(res: Resource, item: Item): Item {
  return keysInOrder(res.mapItem ? res.mapItem(item) : item, res.view.fields);
}

export function registerList(
  parent: Command,
  ctx: Context,
  res: Resource,
  description: string,
  ...lines: string[]
): Command {
  const list = addListOptions(verb(parent, 'list', description)).action(
    action(ctx, (flags: ListFlags) =>
      printList(ctx, { path: res.list.path, keys: res.list.keys, view: res.view, flags, mapItem: res.mapItem }),
    ),
  );
  answers(list, res.view);
  fieldsHelp(list, res);
  return examples(list, ...lines);
}

/**
 * `get <id>` where the API has no detail endpoint: the record is found in the list, read in pages
 * of BULK_PAGE_SIZE, so it costs one request per 500 records before it. A resource with names is
 * got by name too, from the same read.
 */
export function registerGet(parent: Command, ctx: Context, res: Resource, ...lines: string[]): Command {
  const get = verb(
    parent,
    `get <${res.named?.usage ?? 'id'}>`,
    `show one ${res.noun} (found in the list: one request per ${BULK_PAGE_SIZE} ${res.noun}s before it)`,
  ).action(
    action(ctx, async (arg: string) => {
      const record = await findRecord(ctx, res, arg);
      await (await ctx.printer()).object(record, res.view);
    }),
  );
  answers(get, res.view);
  fieldsHelp(get, res);
  if (res.named) notes(get, `<${res.named.usage}>: ${namedHelp(res.named)}.`);
  return examples(get, ...lines);
}

/** The record an argument names: by id (the list read until it turns up) or by name (one list read). */
async function findRecord(ctx: Context, res: Resource, arg: string): Promise<Item> {
  if (!res.named) return findInList(ctx, res, parseId(arg, `${res.noun} id`));
  const [{ id, item }] = await resolveNamed(ctx, res.named, [arg]);
  return item ? asRecord(res, item) : findInList(ctx, res, id);
}

/** The record with `id`, or exit 1 naming it when no page holds it. */
export async function findInList(ctx: Context, res: Resource, id: number): Promise<Item> {
  const api = await ctx.api();
  for await (const page of paginate(api, res.list.path, { keys: res.list.keys, limit: BULK_PAGE_SIZE, all: true })) {
    const found = page.items.find((item) => item.id === id);
    if (found) return asRecord(res, found);
  }
  throw new ApiError(`${res.noun} ${id} not found`, { hint: `\`shorty ${res.group} list\` shows the ids` });
}

export function registerDelete(
  parent: Command,
  ctx: Context,
  res: Pick<Resource, 'noun' | 'group' | 'named'>,
  path: (id: number) => string,
  description: string,
): Command {
  const { named } = res;
  const resolve =
    named &&
    (async (args: string[]) => {
      // A name is looked up before consent is asked: without a terminal or -y, refuse first.
      if (checkNamedArgs(named, args).names) checkConsentPossible(ctx, DELETION);
      return resolveIds(ctx, named, args);
    });
  const remove = verb(
    parent,
    `delete <${named?.usage ?? 'id'}...>`,
    `${description}; asks first on a terminal, -y to skip (required in scripts)`,
  ).action(action(ctx, (ids: string[]) => deleteMany(ctx, { ids, noun: res.noun, path, resolve })));
  eachAnswers(remove);
  if (named) notes(remove, `<${named.usage}>: ${namedHelp(named)}.`);
  return examples(
    remove,
    `shorty ${res.group} delete 4`,
    `shorty ${res.group} rm 4 5 6 -y`,
    `shorty ${res.group} rm 4 5 -y --json`,
    ...(named ? [`shorty ${res.group} rm ${named.example} -y`] : []),
  );
}
