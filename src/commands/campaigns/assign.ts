import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { LINK_REF_HELP, parseLinkRef } from '../../input/link-ref.js';
import { action, examples, notes } from '../shared/action.js';
import { assignEach } from '../shared/assign.js';
import { eachAnswers } from '../shared/each.js';
import { verb } from '../shared/group.js';
import { CAMPAIGN_NAMES, campaignId, checkNamedArgs } from '../../ops/names.js';
import { namedHelp } from '../shared/named-help.js';
import { linkIds } from '../../ops/link-ref.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface AssignOptions {
  /** The campaign, by id or name. */
  campaign: string;
  /** The links, by id, alias or short URL. */
  links: string[];
}

export function register(campaigns: Command, ctx: Context): void {
  const assign = verb(
    campaigns,
    'assign <campaign> <link...>',
    'add links to a campaign (one request per link)',
  ).action(action(ctx, (campaign: string, links: string[]) => run({ campaign, links }, ctx)));
  eachAnswers(assign);
  notes(assign, `<campaign>: ${namedHelp(CAMPAIGN_NAMES)}.\n<link>: ${LINK_REF_HELP}.`);
  examples(
    assign,
    'shorty campaigns assign 4 1021',
    'shorty campaigns assign "Spring sale" spring https://go.example.com/autumn',
    'shorty campaigns assign 4 1021 1022 1023',
    'shorty campaigns assign 4 1021 1022 -q',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: AssignOptions, ctx: Context): Promise<number | void> {
  checkNamedArgs(CAMPAIGN_NAMES, [opts.campaign]);
  const refs = opts.links.map(parseLinkRef);
  const target = await campaignId(ctx, opts.campaign);
  const ids = await linkIds(ctx, refs);
  return assignEach(ctx, {
    noun: 'link',
    where: `to campaign ${target}`,
    ids,
    path: (id) => `/campaign/${target}/assign/${id}`,
  });
}
