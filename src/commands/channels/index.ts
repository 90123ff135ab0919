import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { CHANNEL_ITEM_TYPES } from '../../api/types.js';
import { parseChoice, parseId } from '../../input/validate.js';
import type { View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { completeArgument } from '../shared/completion-values.js';
import { deleteMany } from '../shared/delete.js';
import { verb } from '../shared/group.js';
import { addListOptions, printList, type ListFlags } from '../shared/list.js';
import { registerWrites } from './write.js';
import { answers } from '../shared/surface.js';

const CHANNEL_VIEW: View = { columns: ['id', 'name', 'description', 'color', 'starred'], fields: ['id', 'name', 'description', 'color', 'starred'] };
const ITEM_VIEW: View = { columns: ['type', 'id', 'title', 'link', 'date'], fields: ['type', 'id', 'title', 'preview', 'link', 'date'] };

export function register(channels: Command, ctx: Context): void {
  examples(channels, 'shorty channels list', 'shorty channels add Newsletter --color "#1e90ff"');

  const list = addListOptions(verb(channels, 'list', 'list your channels'))
    .action(action(ctx, (flags: ListFlags) => printList(ctx, { path: '/channels', keys: ['channels'], view: CHANNEL_VIEW, flags })));
  examples(list, 'shorty channels list', 'shorty channels ls --all -o csv');

  answers(list, CHANNEL_VIEW);
  const get = addListOptions(verb(channels, 'get <id>', 'list the items (links, bio pages, QR codes) of a channel'))
    .action(action(ctx, (id: string, flags: ListFlags) => {
      const channelId = parseId(id, 'channel id');
      return printList(ctx, { path: `/channel/${channelId}`, keys: ['items'], view: ITEM_VIEW, flags });
    }));
  examples(get, 'shorty channels get 7', 'shorty channels show 7 --all --json');

  answers(get, ITEM_VIEW);
  registerWrites(channels, ctx, CHANNEL_VIEW);

  const remove = verb(channels, 'delete <id...>', 'delete channels (their items are unassigned, not deleted)')
    .action(action(ctx, (ids: string[]) => deleteMany(ctx, { ids, noun: 'channel', path: (id) => `/channel/${id}/delete` })));
  examples(remove, 'shorty channels delete 7', 'shorty channels rm 7 8 -y');

  const assign = verb(channels, 'assign <channelId> <type> <itemId>', 'put a link, bio page or QR code into a channel (type: links, bio or qr)')
    .action(action(ctx, async (channel: string, type: string, item: string) => {
      const channelId = parseId(channel, 'channel id');
      const itemType = parseChoice(type, CHANNEL_ITEM_TYPES, 'item type');
      const itemId = parseId(item, 'item id');
      const res = await (await ctx.api()).call('POST', `/channel/${channelId}/assign/${itemType}/${itemId}`);
      await (await ctx.printer()).message(res);
    }));
  completeArgument(assign, 'type', CHANNEL_ITEM_TYPES);
  examples(assign, 'shorty channels assign 7 links 1021', 'shorty channels assign 7 qr 12');
}
