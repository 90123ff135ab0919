import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../input/validate.js';
import type { Row, View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { deleteMany } from '../shared/delete.js';
import { verb } from '../shared/group.js';
import { addListOptions, printList, type ListFlags } from '../shared/list.js';
import { answers } from '../shared/surface.js';

const CAMPAIGN_VIEW: View = { columns: ['id', 'name', 'public', 'rotator', 'list'], fields: ['id', 'name', 'public', 'rotator', 'list'], extraFields: ['views'] };

interface CampaignFlags {
  name?: string;
  slug?: string;
  public?: boolean;
  private?: boolean;
}

/**
 * Servers answer a campaign's name under `name` (lists), `domain` (v7 writes, and some lists) or
 * `campaign` (v6 writes): it is shown under `name` alone, in the list items' place, so a campaign
 * looks the same whichever server and verb it came from.
 */
function withName(campaign: Row): Row {
  if (campaign.name !== undefined) return campaign;
  const key = typeof campaign.campaign === 'string' ? 'campaign' : 'domain' in campaign ? 'domain' : undefined;
  if (key === undefined) return campaign;
  const { id, [key]: name, ...rest } = campaign;
  return { id, name, ...rest };
}

function campaignBody(flags: CampaignFlags): Record<string, unknown> {
  if (flags.public && flags.private) throw new UsageError('--public and --private exclude each other');
  const body: Record<string, unknown> = {};
  if (flags.name !== undefined) body.name = flags.name;
  if (flags.slug !== undefined) body.slug = flags.slug;
  if (flags.public) body.public = true;
  if (flags.private) body.public = false;
  return body;
}

function withCampaignOptions(cmd: Command, nameRequired: boolean): Command {
  const name = '--name <name>';
  return (nameRequired ? cmd.requiredOption(name, 'campaign name') : cmd.option(name, 'campaign name'))
    .option('--slug <slug>', 'rotator slug: one address that rotates through the campaign links')
    .option('--public', 'make the campaign list public')
    .option('--private', 'make the campaign list private');
}

export function register(campaigns: Command, ctx: Context): void {
  examples(campaigns, 'shorty campaigns list', 'shorty campaigns add --name "Spring sale" --slug spring');

  const list = addListOptions(verb(campaigns, 'list', 'list your campaigns'))
    .action(action(ctx, (flags: ListFlags) => printList(ctx, { path: '/campaigns', keys: ['campaigns'], view: CAMPAIGN_VIEW, flags, mapItem: withName })));
  examples(list, 'shorty campaigns list', 'shorty campaigns ls --all --json');

  answers(list, CAMPAIGN_VIEW);
  const add = withCampaignOptions(verb(campaigns, 'add', 'create a campaign'), false)
    .action(action(ctx, async (flags: CampaignFlags) => {
      const res = await (await ctx.api()).call('POST', '/campaign/add', { body: campaignBody(flags) });
      await (await ctx.printer()).object(withName(res), CAMPAIGN_VIEW);
    }));
  examples(add, 'shorty campaigns add --name "Spring sale"', 'shorty campaigns add --name Launch --slug launch --public -q');

  answers(add, CAMPAIGN_VIEW);
  const update = withCampaignOptions(verb(campaigns, 'update <id>', 'rename a campaign or change its slug or access'), true)
    .action(action(ctx, async (id: string, flags: CampaignFlags) => {
      const campaignId = parseId(id, 'campaign id');
      const body = campaignBody(flags);
      const res = await (await ctx.api()).call('PUT', `/campaign/${campaignId}/update`, { body });
      await (await ctx.printer()).object(withName(res), CAMPAIGN_VIEW);
    }));
  examples(update, 'shorty campaigns update 4 --name "Summer sale" --private');

  answers(update, CAMPAIGN_VIEW);
  const remove = verb(campaigns, 'delete <id...>', 'delete campaigns (their links stay)')
    .action(action(ctx, (ids: string[]) => deleteMany(ctx, { ids, noun: 'campaign', path: (id) => `/campaign/${id}/delete` })));
  examples(remove, 'shorty campaigns delete 4', 'shorty campaigns rm 4 5 -y');

  const assign = verb(campaigns, 'assign <campaignId> <linkId>', 'add a link to a campaign')
    .action(action(ctx, async (campaign: string, link: string) => {
      const campaignId = parseId(campaign, 'campaign id');
      const linkId = parseId(link, 'link id');
      const res = await (await ctx.api()).call('POST', `/campaign/${campaignId}/assign/${linkId}`);
      await (await ctx.printer()).message(res);
    }));
  examples(assign, 'shorty campaigns assign 4 1021');
}
