import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { asRecord, fieldsHelp, findInList } from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { CAMPAIGN_NAMES, checkNamedArgs, resolveNamed } from '../../ops/names.js';
import { keepCampaignName } from '../../ops/resource-rules.js';
import { namedHelp } from '../shared/named-help.js';
import { CAMPAIGN, type CampaignFlags, campaignBody, withCampaignOptions, withName } from './resource.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface UpdateOptions extends CampaignFlags {
  /** The campaign, by id or name. */
  campaign: string;
}

export function register(campaigns: Command, ctx: Context): void {
  const update = withCampaignOptions(
    verb(campaigns, 'update <id|name>', 'rename a campaign or change its slug or access (one flag is enough)'),
  ).action(action(ctx, (campaign: string, flags: CampaignFlags) => run({ ...flags, campaign }, ctx)));
  answers(update, CAMPAIGN.view);
  fieldsHelp(update, CAMPAIGN);
  notes(update, `<id|name>: ${namedHelp(CAMPAIGN_NAMES)}.`);
  examples(
    update,
    'shorty campaigns update 4 --private',
    'shorty campaigns update "Spring sale" --name "Summer sale"',
    'shorty campaigns update 4 --name "Summer sale" --slug summer',
  );
}

/**
 * The service needs the name on every update: without --name the current one is read first.
 * @public the verb's seam: parsed options and a context, no parser.
 */
export async function run(opts: UpdateOptions, ctx: Context): Promise<void> {
  checkNamedArgs(CAMPAIGN_NAMES, [opts.campaign]);
  const body = campaignBody(opts, opts.name);
  if (Object.keys(body).length === 0)
    throw new UsageError('nothing to update: pass --name, --slug, --public or --private');
  const [{ id, item }] = await resolveNamed(ctx, CAMPAIGN_NAMES, [opts.campaign]);
  const current =
    item !== undefined
      ? asRecord(CAMPAIGN, item)
      : body.name === undefined
        ? await findInList(ctx, CAMPAIGN, id)
        : undefined;
  await keepCampaignName(body, async () => current ?? {});
  const res = await (await ctx.api()).call('PUT', `/campaign/${id}/update`, { body });
  // The answer is the campaign without what only lists carry (v6's `views`): the campaign
  // read for its name fills those in, so the record is the one `get` prints.
  await (await ctx.printer()).object(asRecord(CAMPAIGN, { ...current, ...withName({ id, ...res }) }), CAMPAIGN.view);
}
