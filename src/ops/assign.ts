// Assigning items to a campaign or a channel, as both doors do it: the arguments checked before
// any request, the target and the items looked up, then one request per item (an item belongs to
// one campaign or channel: assigning it takes it from where it was).
import type { ChannelItemType } from '../api/types.js';
import type { Context } from '../context.js';
import { parseLinkRef } from '../input/link-ref.js';
import { parseId } from '../input/validate.js';
import type { Row } from '../output/fields.js';
import { distinct } from './each.js';
import { linkIds } from './link-ref.js';
import { CAMPAIGN_NAMES, CHANNEL_NAMES, checkNamedArgs, QR_NAMES, resolveIds } from './names.js';
import { CLI_WORDS, type Words } from './words.js';

export interface Assignment {
  /** The campaign's or channel's id. */
  target: number;
  /** The items' ids, each once, in the order given. */
  ids: number[];
  /** The request that assigns one item. */
  send(id: number): Promise<Row>;
}

async function assignment(ctx: Context, target: number, ids: number[], path: (id: number) => string) {
  const api = await ctx.api();
  return { target, ids: distinct(ids), send: (id: number) => api.call<Row>('POST', path(id)) };
}

/** Links, by id, alias or short URL, to a campaign by id or name. */
export async function campaignAssignment(
  ctx: Context,
  campaign: string,
  links: readonly string[],
  words: Words = CLI_WORDS,
): Promise<Assignment> {
  checkNamedArgs(CAMPAIGN_NAMES, [campaign]);
  const refs = links.map(parseLinkRef);
  const [target] = await resolveIds(ctx, CAMPAIGN_NAMES, [campaign], words);
  const ids = await linkIds(ctx, refs);
  return assignment(ctx, target, ids, (id) => `/campaign/${target}/assign/${id}`);
}

/** The nouns of the items a channel holds, singular: `link`, `QR code`, `bio page`. */
export const CHANNEL_ITEM_NOUNS: Record<ChannelItemType, string> = { links: 'link', qr: 'QR code', bio: 'bio page' };

/** Links (id, alias or short URL), QR codes (id or name) or bio pages (id) to a channel by id or name. */
export async function channelAssignment(
  ctx: Context,
  channel: string,
  type: ChannelItemType,
  items: readonly string[],
  words: Words = CLI_WORDS,
): Promise<Assignment> {
  checkNamedArgs(CHANNEL_NAMES, [channel]);
  const itemIds = itemResolver(ctx, type, items, words);
  const [target] = await resolveIds(ctx, CHANNEL_NAMES, [channel], words);
  return assignment(ctx, target, await itemIds(), (id) => `/channel/${target}/assign/${type}/${id}`);
}

/**
 * The items' ids, checked now (before any request) and looked up when called: the API has no
 * list of bio pages, so they are named by id alone.
 */
function itemResolver(ctx: Context, type: ChannelItemType, items: readonly string[], words: Words) {
  if (type === 'links') {
    const refs = items.map(parseLinkRef);
    return () => linkIds(ctx, refs);
  }
  if (type === 'qr') {
    checkNamedArgs(QR_NAMES, items);
    return () => resolveIds(ctx, QR_NAMES, items, words);
  }
  const ids = items.map((item) => parseId(item, `${CHANNEL_ITEM_NOUNS[type]} id`));
  return async () => ids;
}
