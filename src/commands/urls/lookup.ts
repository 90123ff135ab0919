import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { LINK_REF_HELP } from '../../input/link-ref.js';
import { action, examples, notes } from '../shared/action.js';
import { getLink } from '../../ops/links.js';
import { LINK_DETAIL_VIEW } from './view.js';
import { answers } from '../shared/surface.js';

export function register(group: Command, ctx: Context): void {
  const cmd = group
    .command('lookup <link>')
    .description(
      'find a link by its short URL or alias and print it like `urls get` (as data, never the terminal view)',
    )
    .action(action(ctx, (link: string) => run({ link }, ctx)));
  answers(cmd, LINK_DETAIL_VIEW);
  notes(cmd, `<link>: ${LINK_REF_HELP}.`);
  examples(
    cmd,
    'shorty urls lookup https://sho.rt/spring',
    'shorty urls lookup spring --fields id,longurl -o tsv',
    'shorty urls lookup https://go.example.com/spring -q',
  );
}

/** What run() takes: the arguments as the parser fills them. @public */
export interface LookupOptions {
  /** By id, alias or short URL. */
  link: string;
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run({ link }: LookupOptions, ctx: Context): Promise<void> {
  const record = await getLink(ctx, link);
  await (await ctx.printer()).object(record, LINK_DETAIL_VIEW);
}
