import type { Command } from 'commander';
import type { ChannelItemType } from '../../api/types.js';
import { completeArgument } from '../../completion/values.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { LINK_REF_HELP, parseLinkRef } from '../../input/link-ref.js';
import { parseId } from '../../input/validate.js';
import { action, examples, notes } from '../shared/action.js';
import { assignEach } from '../shared/assign.js';
import { eachAnswers } from '../shared/each.js';
import { verb } from '../shared/group.js';
import { CHANNEL_NAMES, channelId, checkNamedArgs, QR_NAMES, resolveIds } from '../../ops/names.js';
import { namedHelp } from '../shared/named-help.js';
import { linkIds } from '../../ops/link-ref.js';

/** The item types as people say them (singular or plural) -> the API's path word, and the noun for messages. */
const ITEM_TYPES: Record<string, { type: ChannelItemType; noun: string }> = {
  link: { type: 'links', noun: 'link' },
  links: { type: 'links', noun: 'link' },
  qr: { type: 'qr', noun: 'QR code' },
  qrs: { type: 'qr', noun: 'QR code' },
  bio: { type: 'bio', noun: 'bio page' },
  bios: { type: 'bio', noun: 'bio page' },
};

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface AssignOptions {
  /** The channel, by id or name. */
  channel: string;
  /** `link`, `qr` or `bio` (or their plurals). */
  type: string;
  items: string[];
}

export function register(channels: Command, ctx: Context): void {
  const assign = verb(
    channels,
    'assign <channel> <type> <item...>',
    'put links, bio pages or QR codes into a channel (type: link, qr or bio; one request per item)',
  ).action(action(ctx, (channel: string, type: string, items: string[]) => run({ channel, type, items }, ctx)));
  completeArgument(assign, 'type', Object.keys(ITEM_TYPES));
  eachAnswers(assign);
  notes(
    assign,
    `<channel>: ${namedHelp(CHANNEL_NAMES)}.\n` +
      `<item>: for links, ${LINK_REF_HELP}; a QR code is named by its id or its name (one read of the QR ` +
      'code list for all of them); a bio page by its id.',
  );
  examples(
    assign,
    'shorty channels assign 7 link 1021',
    'shorty channels assign Newsletter links spring https://go.example.com/autumn',
    'shorty channels assign Newsletter qr Menu',
    'shorty channels assign 7 links 1021 1022 1023',
    'shorty channels assign 7 qr 12',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: AssignOptions, ctx: Context): Promise<number | void> {
  checkNamedArgs(CHANNEL_NAMES, [opts.channel]);
  const { type, noun } = parseItemType(opts.type);
  const itemIds = itemResolver(ctx, type, noun, opts.items);
  const target = await channelId(ctx, opts.channel);
  const ids = await itemIds();
  return assignEach(ctx, {
    noun,
    where: `to channel ${target}`,
    ids,
    path: (id) => `/channel/${target}/assign/${type}/${id}`,
  });
}

/**
 * The items' ids, checked now (before any request) and looked up when called: links by id, alias
 * or short URL, QR codes by id or name, bio pages by id (the API has no list of them).
 */
function itemResolver(ctx: Context, type: ChannelItemType, noun: string, items: string[]): () => Promise<number[]> {
  if (type === 'links') {
    const refs = items.map(parseLinkRef);
    return () => linkIds(ctx, refs);
  }
  if (type === 'qr') {
    checkNamedArgs(QR_NAMES, items);
    return () => resolveIds(ctx, QR_NAMES, items);
  }
  const ids = items.map((item) => parseId(item, `${noun} id`));
  return async () => ids;
}

function parseItemType(text: string): { type: ChannelItemType; noun: string } {
  const found = ITEM_TYPES[text.trim().toLowerCase()];
  if (!found) throw new UsageError(`invalid item type "${text}": expected link, qr or bio (or links, qrs, bios)`);
  return found;
}
