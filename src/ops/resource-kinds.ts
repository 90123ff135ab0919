// The resources both doors write, declared once: how each is named, and its record's fields.
import type { Item } from '../api/paginate.js';
import { CAMPAIGN_NAMES, CHANNEL_NAMES, DOMAIN_NAMES, PIXEL_NAMES, QR_NAMES } from './names.js';
import type { ResourceKind } from './resources.js';

/**
 * Servers answer a campaign's name under `name` (lists), `domain` (v7 writes, and some lists) or
 * `campaign` (v6 writes): it is shown under `name` alone, in the list items' place, so a campaign
 * looks the same whichever server and verb it came from.
 */
export function withName(campaign: Item): Item {
  if (campaign.name !== undefined) return campaign;
  const key = typeof campaign.campaign === 'string' ? 'campaign' : 'domain' in campaign ? 'domain' : undefined;
  if (key === undefined) return campaign;
  const { id, [key]: name, ...rest } = campaign;
  return { id, name, ...rest };
}

export const CAMPAIGNS: ResourceKind = {
  named: CAMPAIGN_NAMES,
  fields: ['id', 'name', 'public', 'rotator', 'list'],
  mapItem: withName,
};
export const CHANNELS: ResourceKind = {
  named: CHANNEL_NAMES,
  fields: ['id', 'name', 'description', 'color', 'starred'],
};
export const PIXELS: ResourceKind = { named: PIXEL_NAMES, fields: ['id', 'type', 'name', 'tag', 'date'] };
export const DOMAINS: ResourceKind = { named: DOMAIN_NAMES, fields: ['id', 'domain', 'redirectroot', 'redirect404'] };
export const QR_CODES: ResourceKind = { named: QR_NAMES, fields: ['id', 'link', 'scans', 'name', 'date'] };
