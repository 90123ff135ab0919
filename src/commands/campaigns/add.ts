import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { nameArgument } from '../shared/name.js';
import { fieldsHelp } from '../shared/resource.js';
import { addCampaign } from '../../ops/resource-writes.js';
import { answers } from '../shared/surface.js';
import { CAMPAIGN, type CampaignFlags, campaignBody, withCampaignOptions } from './resource.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface AddOptions extends CampaignFlags {
  /** The `[name]` argument (or --name). */
  nameArgument?: string;
}

export function register(campaigns: Command, ctx: Context): void {
  const add = withCampaignOptions(verb(campaigns, 'add [name]', 'create a campaign')).action(
    action(ctx, (nameArg: string | undefined, flags: CampaignFlags) => run({ ...flags, nameArgument: nameArg }, ctx)),
  );
  answers(add, CAMPAIGN.view);
  fieldsHelp(add, CAMPAIGN);
  examples(add, 'shorty campaigns add "Spring sale"', 'shorty campaigns add Launch --slug launch --public -q');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: AddOptions, ctx: Context): Promise<void> {
  const body = campaignBody(opts, nameArgument(opts.nameArgument, opts.name, 'campaign'));
  const record = await addCampaign(ctx, body);
  await (await ctx.printer()).object(record, CAMPAIGN.view);
}
