import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { LINK_REF_HELP, parseLinkRef } from '../../input/link-ref.js';
import type { Row } from '../../output/printer.js';
import { action, examples, notes } from '../shared/action.js';
import { assignEach } from '../shared/assign.js';
import { eachAnswers } from '../shared/each.js';
import { verb } from '../shared/group.js';
import { nameArgument } from '../shared/name.js';
import {
  asRecord,
  fieldsHelp,
  findInList,
  registerDelete,
  registerGet,
  registerList,
  type Resource,
} from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import {
  CAMPAIGN_NAMES,
  listedOf,
  campaignId,
  checkNamedArgs,
  namedHelp,
  resolveNamed,
} from '../shared/resolve-name.js';
import { linkIds } from '../urls/reference.js';

const FIELDS = ['id', 'name', 'public', 'rotator', 'list'];

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

const CAMPAIGN: Resource = {
  ...listedOf(CAMPAIGN_NAMES),
  mapItem: withName,
  view: { columns: FIELDS, fields: FIELDS, extraFields: ['views'] },
  named: CAMPAIGN_NAMES,
};

interface CampaignFlags {
  name?: string;
  slug?: string;
  public?: boolean;
  private?: boolean;
}

function campaignBody(flags: CampaignFlags, name: string | undefined): Record<string, unknown> {
  if (flags.public && flags.private) throw new UsageError('--public and --private exclude each other');
  const body: Record<string, unknown> = {};
  if (name !== undefined) body.name = name;
  if (flags.slug !== undefined) body.slug = flags.slug;
  if (flags.public) body.public = true;
  if (flags.private) body.public = false;
  return body;
}

function withCampaignOptions(cmd: Command): Command {
  return cmd
    .option('--name <name>', 'campaign name')
    .option('--slug <slug>', 'rotator slug: one address that rotates through the campaign links')
    .option('--public', 'make the campaign list public')
    .option('--private', 'make the campaign list private');
}

export function register(campaigns: Command, ctx: Context): void {
  fieldsHelp(campaigns, CAMPAIGN);
  examples(
    campaigns,
    'shorty campaigns list',
    'shorty campaigns add "Spring sale" --slug spring',
    'shorty campaigns assign 4 1021 1022',
    'shorty campaigns assign "Spring sale" 1021 spring',
  );

  registerList(
    campaigns,
    ctx,
    CAMPAIGN,
    'list your campaigns',
    'shorty campaigns list',
    'shorty campaigns ls --all --json',
  );
  registerGet(
    campaigns,
    ctx,
    CAMPAIGN,
    'shorty campaigns get 4',
    'shorty campaigns get "Spring sale"',
    'shorty campaigns show 4 --fields name,rotator',
  );

  const add = withCampaignOptions(verb(campaigns, 'add [name]', 'create a campaign')).action(
    action(ctx, async (name: string | undefined, flags: CampaignFlags) => {
      const body = campaignBody(flags, nameArgument(name, flags.name, 'campaign'));
      const res = await (await ctx.api()).call('POST', '/campaign/add', { body });
      await (await ctx.printer()).object(asRecord(CAMPAIGN, res), CAMPAIGN.view);
    }),
  );
  answers(add, CAMPAIGN.view);
  fieldsHelp(add, CAMPAIGN);
  examples(add, 'shorty campaigns add "Spring sale"', 'shorty campaigns add Launch --slug launch --public -q');

  // The service needs the name on every update: without --name the current one is read first.
  const update = withCampaignOptions(
    verb(campaigns, 'update <id|name>', 'rename a campaign or change its slug or access (one flag is enough)'),
  ).action(
    action(ctx, async (arg: string, flags: CampaignFlags) => {
      checkNamedArgs(CAMPAIGN_NAMES, [arg]);
      const body = campaignBody(flags, flags.name);
      if (Object.keys(body).length === 0)
        throw new UsageError('nothing to update: pass --name, --slug, --public or --private');
      const [{ id, item }] = await resolveNamed(ctx, CAMPAIGN_NAMES, [arg]);
      const current =
        item !== undefined
          ? asRecord(CAMPAIGN, item)
          : body.name === undefined
            ? await findInList(ctx, CAMPAIGN, id)
            : undefined;
      body.name ??= current?.name;
      const res = await (await ctx.api()).call('PUT', `/campaign/${id}/update`, { body });
      // The answer is the campaign without what only lists carry (v6's `views`): the campaign
      // read for its name fills those in, so the record is the one `get` prints.
      await (await ctx.printer()).object(
        asRecord(CAMPAIGN, { ...current, ...withName({ id, ...res }) }),
        CAMPAIGN.view,
      );
    }),
  );
  answers(update, CAMPAIGN.view);
  fieldsHelp(update, CAMPAIGN);
  notes(update, `<id|name>: ${namedHelp(CAMPAIGN_NAMES)}.`);
  examples(
    update,
    'shorty campaigns update 4 --private',
    'shorty campaigns update "Spring sale" --name "Summer sale"',
    'shorty campaigns update 4 --name "Summer sale" --slug summer',
  );

  registerDelete(campaigns, ctx, CAMPAIGN, (id) => `/campaign/${id}/delete`, 'delete campaigns (their links stay)');

  const assign = verb(
    campaigns,
    'assign <campaign> <link...>',
    'add links to a campaign (one request per link)',
  ).action(
    action(ctx, async (campaign: string, links: string[]) => {
      checkNamedArgs(CAMPAIGN_NAMES, [campaign]);
      const refs = links.map(parseLinkRef);
      const target = await campaignId(ctx, campaign);
      const ids = await linkIds(ctx, refs);
      return assignEach(ctx, {
        noun: 'link',
        where: `to campaign ${target}`,
        ids,
        path: (id) => `/campaign/${target}/assign/${id}`,
      });
    }),
  );
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
