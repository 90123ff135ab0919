import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { LINK_REF_HELP, parseLinkRef } from '../../input/link-ref.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { checkConsentPossible, DELETION } from '../../consent.js';
import { deleteMany } from '../shared/delete.js';
import { eachAnswers } from '../shared/each.js';
import { linkIds } from '../../ops/link-ref.js';

/**
 * Every reference is checked before anything is sent; a lookup (one request each, once each) is
 * made only where consent can then be asked, so a script without -y is refused first.
 */
async function idsOf(ctx: Context, args: string[]): Promise<number[]> {
  const refs = [...new Set(args.map((arg) => arg.trim()))].map(parseLinkRef);
  if (refs.some((ref) => ref.kind !== 'id')) checkConsentPossible(ctx, DELETION);
  return linkIds(ctx, refs);
}

export function register(group: Command, ctx: Context): void {
  const cmd = verb(
    group,
    'delete <link...>',
    'delete links (asks first on a terminal; -y to skip, required in scripts)',
  ).action(action(ctx, (links: string[]) => run({ links }, ctx)));
  eachAnswers(cmd);
  notes(
    cmd,
    `<link>: ${LINK_REF_HELP}. Every link is found before the first is deleted: one that does not ` +
      'exist stops the command (exit 1) with nothing deleted.',
  );
  examples(
    cmd,
    'shorty urls delete 42',
    'shorty urls delete 42 43 44 -y',
    'shorty urls delete spring https://go.example.com/autumn -y',
  );
}

/** What run() takes: the arguments as the parser fills them. @public */
export interface DeleteOptions {
  /** By id, alias or short URL. */
  links: string[];
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: DeleteOptions, ctx: Context): Promise<void> {
  await deleteMany(ctx, {
    ids: opts.links,
    noun: 'link',
    path: (id) => `/url/${id}/delete`,
    resolve: (args) => idsOf(ctx, args),
  });
}
