import type { Command } from 'commander';
import { channelItemsList } from '../../api/lists.js';
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { addListOptions, type ListFlags, printList } from '../shared/list.js';
import { CHANNEL_NAMES, channelId, checkNamedArgs } from '../../ops/names.js';
import { namedHelp } from '../shared/named-help.js';
import { answers } from '../shared/surface.js';

const ITEM_FIELDS = ['type', 'id', 'title', 'preview', 'link', 'date'];
const ITEM_VIEW: View = { columns: ['type', 'id', 'title', 'link', 'date'], fields: ITEM_FIELDS };

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface ItemsOptions extends ListFlags {
  /** The channel, by id or name. */
  channel: string;
}

export function register(channels: Command, ctx: Context): void {
  const items = addListOptions(
    verb(channels, 'items <id|name>', 'list the items (links, bio pages, QR codes) of a channel'),
  ).action(action(ctx, (channel: string, flags: ListFlags) => run({ ...flags, channel }, ctx)));
  answers(items, ITEM_VIEW);
  notes(items, `Fields of a channel item: ${ITEM_FIELDS.join(', ')}.\n<id|name>: ${namedHelp(CHANNEL_NAMES)}.`);
  examples(
    items,
    'shorty channels items 7',
    'shorty channels items Newsletter --all --json',
    'shorty channels items 7 -q',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: ItemsOptions, ctx: Context): Promise<void> {
  const { channel, ...flags } = opts;
  checkNamedArgs(CHANNEL_NAMES, [channel]);
  const target = await channelId(ctx, channel);
  return printList(ctx, { ...channelItemsList(target), view: ITEM_VIEW, flags });
}
