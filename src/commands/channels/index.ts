import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { channelItemsList } from '../../api/lists.js';
import type { ChannelItemType } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../input/validate.js';
import type { View } from '../../output/printer.js';
import { action, examples, notes } from '../shared/action.js';
import { assignEach } from '../shared/assign.js';
import { eachAnswers } from '../shared/each.js';
import { completeArgument } from '../../completion/values.js';
import { verb } from '../shared/group.js';
import { addListOptions, printList, type ListFlags } from '../shared/list.js';
import { fieldsHelp, registerDelete, registerGet, registerList, type Resource } from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { LINK_REF_HELP, parseLinkRef } from '../../input/link-ref.js';
import {
  CHANNEL_NAMES,
  listedOf,
  channelId,
  checkNamedArgs,
  namedHelp,
  QR_NAMES,
  resolveIds,
} from '../shared/resolve-name.js';
import { linkIds } from '../urls/reference.js';
import { registerWrites } from './write.js';

const FIELDS = ['id', 'name', 'description', 'color', 'starred'];

const CHANNEL: Resource = {
  ...listedOf(CHANNEL_NAMES),
  view: { columns: FIELDS, fields: FIELDS },
  named: CHANNEL_NAMES,
};

const ITEM_FIELDS = ['type', 'id', 'title', 'preview', 'link', 'date'];
const ITEM_VIEW: View = { columns: ['type', 'id', 'title', 'link', 'date'], fields: ITEM_FIELDS };

/** The item types as people say them (singular or plural) -> the API's path word, and the noun for messages. */
const ITEM_TYPES: Record<string, { type: ChannelItemType; noun: string }> = {
  link: { type: 'links', noun: 'link' },
  links: { type: 'links', noun: 'link' },
  qr: { type: 'qr', noun: 'QR code' },
  qrs: { type: 'qr', noun: 'QR code' },
  bio: { type: 'bio', noun: 'bio page' },
  bios: { type: 'bio', noun: 'bio page' },
};

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

export function register(channels: Command, ctx: Context): void {
  fieldsHelp(channels, CHANNEL);
  examples(
    channels,
    'shorty channels list',
    'shorty channels add Newsletter --color "#1e90ff"',
    'shorty channels items 7',
    'shorty channels assign 7 link 1021 1022',
  );

  registerList(channels, ctx, CHANNEL, 'list your channels', 'shorty channels list', 'shorty channels ls --all -o csv');
  registerGet(channels, ctx, CHANNEL, 'shorty channels get 7', 'shorty channels show Newsletter --json');

  const items = addListOptions(
    verb(channels, 'items <id|name>', 'list the items (links, bio pages, QR codes) of a channel'),
  ).action(
    action(ctx, async (arg: string, flags: ListFlags) => {
      checkNamedArgs(CHANNEL_NAMES, [arg]);
      const target = await channelId(ctx, arg);
      return printList(ctx, { ...channelItemsList(target), view: ITEM_VIEW, flags });
    }),
  );
  answers(items, ITEM_VIEW);
  notes(items, `Fields of a channel item: ${ITEM_FIELDS.join(', ')}.\n<id|name>: ${namedHelp(CHANNEL_NAMES)}.`);
  examples(
    items,
    'shorty channels items 7',
    'shorty channels items Newsletter --all --json',
    'shorty channels items 7 -q',
  );

  registerWrites(channels, ctx, CHANNEL);
  registerDelete(
    channels,
    ctx,
    CHANNEL,
    (id) => `/channel/${id}/delete`,
    'delete channels (their items are unassigned, not deleted)',
  );

  const assign = verb(
    channels,
    'assign <channel> <type> <item...>',
    'put links, bio pages or QR codes into a channel (type: link, qr or bio; one request per item)',
  ).action(
    action(ctx, async (channel: string, typeText: string, items: string[]) => {
      checkNamedArgs(CHANNEL_NAMES, [channel]);
      const { type, noun } = parseItemType(typeText);
      const itemIds = itemResolver(ctx, type, noun, items);
      const target = await channelId(ctx, channel);
      const ids = await itemIds();
      return assignEach(ctx, {
        noun,
        where: `to channel ${target}`,
        ids,
        path: (id) => `/channel/${target}/assign/${type}/${id}`,
      });
    }),
  );
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
