import type { Command } from 'commander';
import type { Context } from '../../context.js';
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
import { registerWrites } from './write.js';

const FIELDS = ['id', 'name', 'description', 'color', 'starred'];

export const CHANNEL: Resource = {
  noun: 'channel',
  group: 'channels',
  listPath: '/channels',
  keys: ['channels'],
  view: { columns: FIELDS, fields: FIELDS },
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
  registerGet(channels, ctx, CHANNEL, 'shorty channels get 7', 'shorty channels show 7 --json');

  const items = addListOptions(
    verb(channels, 'items <id>', 'list the items (links, bio pages, QR codes) of a channel'),
  ).action(
    action(ctx, (id: string, flags: ListFlags) => {
      const channelId = parseId(id, 'channel id');
      return printList(ctx, { path: `/channel/${channelId}`, keys: ['items'], view: ITEM_VIEW, flags });
    }),
  );
  answers(items, ITEM_VIEW);
  notes(items, `Fields of a channel item: ${ITEM_FIELDS.join(', ')}.`);
  examples(items, 'shorty channels items 7', 'shorty channels items 7 --all --json', 'shorty channels items 7 -q');

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
    'assign <channelId> <type> <itemId...>',
    'put links, bio pages or QR codes into a channel (type: link, qr or bio; one request per item)',
  ).action(
    action(ctx, (channel: string, typeText: string, itemIds: string[]) => {
      const channelId = parseId(channel, 'channel id');
      const { type, noun } = parseItemType(typeText);
      const ids = itemIds.map((item) => parseId(item, `${noun} id`));
      return assignEach(ctx, {
        noun,
        where: `to channel ${channelId}`,
        ids,
        path: (id) => `/channel/${channelId}/assign/${type}/${id}`,
      });
    }),
  );
  completeArgument(assign, 'type', Object.keys(ITEM_TYPES));
  eachAnswers(assign);
  examples(
    assign,
    'shorty channels assign 7 link 1021',
    'shorty channels assign 7 links 1021 1022 1023',
    'shorty channels assign 7 qr 12',
  );
}
