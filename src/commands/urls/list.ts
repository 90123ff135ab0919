import { type Command, Option } from 'commander';
import { LISTS } from '../../api/lists.js';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { addListOptions, type ListFlags, printList } from '../shared/list.js';
import { LINK_LIST_VIEW } from './view.js';
import { answers } from '../shared/surface.js';
import { linkRecord } from '../../input/link-record.js';

/** What run() takes: the flags as the parser fills them. @public */
export interface ListOptions extends ListFlags {
  order?: 'date' | 'click';
}

export function register(group: Command, ctx: Context): void {
  const cmd = verb(group, 'list', 'list your links, newest first (or by clicks with --order click)').addOption(
    new Option('--order <order>', 'sort by date or by clicks').choices(['date', 'click']),
  );
  addListOptions(cmd).action(action(ctx, (opts: ListOptions) => run(opts, ctx)));
  answers(cmd, LINK_LIST_VIEW);
  examples(
    cmd,
    'shorty urls list',
    'shorty urls list --order click --limit 10',
    'shorty urls list --all -q > short-urls.txt',
    'shorty urls list --all -o csv --fields id,alias,longurl,clicks',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: ListOptions, ctx: Context): Promise<void> {
  const { baseUrl } = await ctx.settings();
  await printList(ctx, {
    path: LISTS.urls.path,
    keys: LISTS.urls.keys,
    view: LINK_LIST_VIEW,
    flags: opts,
    query: { order: opts.order },
    mapItem: (item) => linkRecord(item, { baseUrl }),
  });
}
