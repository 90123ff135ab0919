// The adds and updates of campaigns, channels, pixels, QR codes and domains, as both doors make
// them: the request, and the record shown for it. Bodies come checked (resource-rules.ts); what
// the service needs on every update (a campaign's name, a pixel's tag) is read here when not given.
import type { Item } from '../api/paginate.js';
import type { Context } from '../context.js';
import { withoutError } from '../output/fields.js';
import { keepCampaignName } from './resource-rules.js';
import { CAMPAIGNS, CHANNELS, DOMAINS, PIXELS, withName } from './resource-kinds.js';
import { CHANNEL_NAMES, DOMAIN_NAMES, PIXEL_NAMES, QR_NAMES, resolveIds, resolveNamed } from './names.js';
import { findInList, recordOf } from './resources.js';
import { CLI_WORDS, type Words } from './words.js';

type Body = Record<string, unknown>;

/** The service's answer, without its `error: 0` (no record shows it). */
const send = async (ctx: Context, method: 'POST' | 'PUT', path: string, body: Body) =>
  withoutError(await (await ctx.api()).call<Item>(method, path, { body }));

/** The campaign as the service answers it. */
export async function addCampaign(ctx: Context, body: Body): Promise<Item> {
  return recordOf(CAMPAIGNS, await send(ctx, 'POST', '/campaign/add', body));
}

/** The service needs the name on every update: without one, the current name is read first. */
export async function updateCampaign(
  ctx: Context,
  target: string,
  body: Body,
  words: Words = CLI_WORDS,
): Promise<Item> {
  const [{ id, item }] = await resolveNamed(ctx, CAMPAIGNS.named, [target], words);
  const current =
    item !== undefined
      ? recordOf(CAMPAIGNS, item)
      : body.name === undefined
        ? await findInList(ctx, CAMPAIGNS, id, words)
        : undefined;
  const sent = { ...body };
  await keepCampaignName(sent, async () => current ?? {});
  const res = await send(ctx, 'PUT', `/campaign/${id}/update`, sent);
  // The answer is the campaign without what only lists carry (v6's `views`): the campaign read
  // for its name fills those in, so the record is the one `get` shows.
  return recordOf(CAMPAIGNS, { ...current, ...withName({ id, ...res }) });
}

/** The channel as the service answers it. */
export async function addChannel(ctx: Context, body: Body): Promise<Item> {
  return recordOf(CHANNELS, await send(ctx, 'POST', '/channel/add', body));
}

/** v7 answers a message, v6 the channel: the record is the id and what changed on both. */
export async function updateChannel(ctx: Context, target: string, body: Body, words: Words = CLI_WORDS): Promise<Item> {
  const [id] = await resolveIds(ctx, CHANNEL_NAMES, [target], words);
  await send(ctx, 'PUT', `/channel/${id}/update`, body);
  return recordOf(CHANNELS, { id, ...body });
}

/** The service answers only the id: the record is the id and what was sent. */
export async function addPixel(ctx: Context, body: Body): Promise<Item> {
  const res = await send(ctx, 'POST', '/pixel/add', body);
  return recordOf(PIXELS, { id: res.id, ...body });
}

/**
 * The service needs the tag on every update and answers only a message: the pixel is read first
 * (its tag when none is given, its type and date for the record), unless `bare` with a tag: the
 * record is then the id and what was sent.
 */
export async function updatePixel(
  ctx: Context,
  target: string,
  changes: { tag?: string; name?: string },
  opts: { bare?: boolean; words?: Words } = {},
): Promise<Item> {
  const words = opts.words ?? CLI_WORDS;
  // A name is found in the list, which holds the pixel as it is: no second read.
  const [{ id, item }] = await resolveNamed(ctx, PIXEL_NAMES, [target], words);
  const current =
    item !== undefined
      ? recordOf(PIXELS, item)
      : changes.tag === undefined || !opts.bare
        ? await findInList(ctx, PIXELS, id, words)
        : undefined;
  const body = { tag: current?.tag, ...changes };
  await send(ctx, 'PUT', `/pixel/${id}/update`, body);
  return recordOf(PIXELS, { ...current, id, ...body });
}

/** The QR code as the service answers it: its id and link. */
export function addQr(ctx: Context, body: Body): Promise<Item> {
  return send(ctx, 'POST', '/qr/add', body);
}

/** The service's answer (a message), and the record: the id, what was sent, and what it answered. */
export async function updateQr(
  ctx: Context,
  target: string,
  body: Body,
  words: Words = CLI_WORDS,
): Promise<{ answer: Item; record: Item }> {
  const [id] = await resolveIds(ctx, QR_NAMES, [target], words);
  const answer = await send(ctx, 'PUT', `/qr/${id}/update`, body);
  return { answer, record: { id, ...body, ...answer } };
}

/** The service answers only the id: the record is the id and what was sent. */
export async function addDomain(ctx: Context, body: Body): Promise<Item> {
  const res = await send(ctx, 'POST', '/domain/add', body);
  return recordOf(DOMAINS, { id: res.id, ...body });
}

/** The service answers a message: the record is the id and what changed. */
export async function updateDomain(ctx: Context, target: string, body: Body, words: Words = CLI_WORDS): Promise<Item> {
  const [id] = await resolveIds(ctx, DOMAIN_NAMES, [target], words);
  await send(ctx, 'PUT', `/domain/${id}/update`, body);
  return recordOf(DOMAINS, { id, ...body });
}
