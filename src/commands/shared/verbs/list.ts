// `<group> list` of a resource (campaigns, channels, pixels, domains, overlays, splash pages):
// one page, or every page with --all, in the resource's fields. See ../resource.ts for why run
// takes the resource first.
import type { Command } from 'commander';
import type { Context } from '../../../context.js';
import { action, examples } from '../action.js';
import { verb } from '../group.js';
import { addListOptions, type ListFlags, printList } from '../list.js';
import { fieldsHelp, type Resource } from '../resource.js';
import { answers } from '../surface.js';

/** What run() takes: the flags as the parser fills them. @public */
export type ListOptions = ListFlags;

export function register(
  parent: Command,
  ctx: Context,
  res: Resource,
  description: string,
  ...lines: string[]
): Command {
  const list = addListOptions(verb(parent, 'list', description)).action(
    action(ctx, (opts: ListOptions) => run(res, opts, ctx)),
  );
  answers(list, res.view);
  fieldsHelp(list, res);
  return examples(list, ...lines);
}

/** @public the verb's seam: the resource it is bound to, parsed options and a context, no parser. */
export async function run(res: Resource, opts: ListOptions, ctx: Context): Promise<void> {
  await printList(ctx, { path: res.list.path, keys: res.list.keys, view: res.view, flags: opts, mapItem: res.mapItem });
}
