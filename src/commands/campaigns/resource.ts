import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { CAMPAIGN_NAMES, listedOf } from '../../ops/names.js';
import { CAMPAIGNS } from '../../ops/resource-kinds.js';
import type { Deletable, Resource } from '../shared/resource.js';

export const CAMPAIGN: Resource & Deletable = {
  ...listedOf(CAMPAIGN_NAMES),
  mapItem: CAMPAIGNS.mapItem,
  view: { columns: [...CAMPAIGNS.fields], fields: CAMPAIGNS.fields, extraFields: ['views'] },
  named: CAMPAIGN_NAMES,
  deletePath: (id) => `/campaign/${id}/delete`,
};

export interface CampaignFlags {
  name?: string;
  slug?: string;
  public?: boolean;
  private?: boolean;
}

export function campaignBody(flags: CampaignFlags, name: string | undefined): Record<string, unknown> {
  if (flags.public && flags.private) throw new UsageError('--public and --private exclude each other');
  const body: Record<string, unknown> = {};
  if (name !== undefined) body.name = name;
  if (flags.slug !== undefined) body.slug = flags.slug;
  if (flags.public) body.public = true;
  if (flags.private) body.public = false;
  return body;
}

/** The flags of `add` and `update`. */
export function withCampaignOptions(cmd: Command): Command {
  return cmd
    .option('--name <name>', 'campaign name')
    .option('--slug <slug>', 'rotator slug: one address that rotates through the campaign links')
    .option('--public', 'make the campaign list public')
    .option('--private', 'make the campaign list private');
}
