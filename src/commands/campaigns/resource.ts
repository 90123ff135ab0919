import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Row } from '../../output/printer.js';
import { CAMPAIGN_NAMES, listedOf } from '../../ops/names.js';
import type { Deletable, Resource } from '../shared/resource.js';

const FIELDS = ['id', 'name', 'public', 'rotator', 'list'];

/**
 * Servers answer a campaign's name under `name` (lists), `domain` (v7 writes, and some lists) or
 * `campaign` (v6 writes): it is shown under `name` alone, in the list items' place, so a campaign
 * looks the same whichever server and verb it came from.
 */
export function withName(campaign: Row): Row {
  if (campaign.name !== undefined) return campaign;
  const key = typeof campaign.campaign === 'string' ? 'campaign' : 'domain' in campaign ? 'domain' : undefined;
  if (key === undefined) return campaign;
  const { id, [key]: name, ...rest } = campaign;
  return { id, name, ...rest };
}

export const CAMPAIGN: Resource & Deletable = {
  ...listedOf(CAMPAIGN_NAMES),
  mapItem: withName,
  view: { columns: FIELDS, fields: FIELDS, extraFields: ['views'] },
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
