// `<group> get <id>` of a resource where the API has no detail endpoint: the record is found in
// the list, read in pages of BULK_PAGE_SIZE, so it costs one request per 500 records before it. A
// resource with names is got by name too, from the same read. See ../resource.ts for why run
// takes the resource first.
import type { Command } from 'commander';
import type { Context } from '../../../context.js';
import { BULK_PAGE_SIZE, type Item } from '../../../api/paginate.js';
import { parseId } from '../../../input/validate.js';
import { action, examples, notes } from '../action.js';
import { verb } from '../group.js';
import { getResource } from '../../../ops/resources.js';
import { namedHelp } from '../named-help.js';
import { fieldsHelp, findInList, kindOf, type Resource } from '../resource.js';
import { answers } from '../surface.js';

/** What run() takes: the argument as the parser fills it. @public */
export interface GetOptions {
  /** The record: its id, or its name where the resource has names. */
  target: string;
}

export function register(parent: Command, ctx: Context, res: Resource, ...lines: string[]): Command {
  const get = verb(
    parent,
    `get <${res.named?.usage ?? 'id'}>`,
    `show one ${res.noun} (found in the list: one request per ${BULK_PAGE_SIZE} ${res.noun}s before it)`,
  ).action(action(ctx, (target: string) => run(res, { target }, ctx)));
  answers(get, res.view);
  fieldsHelp(get, res);
  if (res.named) notes(get, `<${res.named.usage}>: ${namedHelp(res.named)}.`);
  return examples(get, ...lines);
}

/** @public the verb's seam: the resource it is bound to, parsed options and a context, no parser. */
export async function run(res: Resource, opts: GetOptions, ctx: Context): Promise<void> {
  const record = await findRecord(ctx, res, opts.target);
  await (await ctx.printer()).object(record, res.view);
}

/** The record an argument names: by id (the list read until it turns up) or by name (one list read). */
async function findRecord(ctx: Context, res: Resource, arg: string): Promise<Item> {
  if (!res.named) return findInList(ctx, res, parseId(arg, `${res.noun} id`));
  return getResource(ctx, { ...kindOf(res), named: res.named }, arg);
}
