// Channels: labelled groups of links, bio pages and QR codes.
import { CHANNEL_ITEM_TYPES, type ChannelItemType } from '../../api/types.js';
import { fail, newestFirst, ok, paginate, parseId } from '../format.js';
import type { ChannelRecord } from '../records.js';
import type { Router } from '../router.js';
import { AppError, type Body, MESSAGES, isHexColor, optionalBoolean, optionalString } from '../validate.js';
import { assignToChannel, channelItems, ensureBioPage, isInChannel, unassignChannel } from './channel-items.js';

const NOT_FOUND = 'Channel does not exist.';
const DEFAULT_COLOR = '#000000';

function toOutput({ id, name, description, color, starred }: ChannelRecord) {
  return { id, name, description, color, starred };
}

function readName(body: Body, required: boolean): string | undefined {
  const name = optionalString(body, 'name');
  if (name === undefined && !required) return undefined;
  if (!name || name.length < 2) throw new AppError(MESSAGES.channelName);
  return name;
}

function readColor(body: Body): string | undefined {
  const color = optionalString(body, 'color');
  if (color !== undefined && !isHexColor(color))
    throw new AppError('Please enter a valid color in the format #RRGGBB.');
  return color;
}

export function registerChannelRoutes(router: Router): void {
  router.get('/channels', (ctx) => paginate(ctx, 'channels', newestFirst(ctx.store.state.channels).map(toOutput)));

  router.get('/channel/:id', (ctx) => {
    const channel = ctx.store.state.channels.find((c) => c.id === parseId(ctx.params.id));
    if (!channel) return fail(NOT_FOUND);
    return paginate(ctx, 'items', channelItems(ctx.store, channel.id));
  });

  router.post('/channel/add', ({ body, store }) => {
    const name = readName(body, true) as string;
    const record: ChannelRecord = {
      id: 0,
      name,
      description: optionalString(body, 'description') ?? '',
      color: readColor(body) ?? DEFAULT_COLOR,
      starred: optionalBoolean(body, 'starred') ?? false,
      date: store.timestamp(),
    };
    record.id = store.nextId('channels');
    store.state.channels.push(record);
    store.changed();
    return ok(toOutput(record));
  });

  router.put('/channel/:id/update', ({ params, body, store, flavor }) => {
    const record = store.state.channels.find((c) => c.id === parseId(params.id));
    if (!record) return fail(NOT_FOUND);
    const name = readName(body, false);
    const description = optionalString(body, 'description');
    const color = readColor(body);
    const starred = optionalBoolean(body, 'starred');
    if (name !== undefined) record.name = name;
    if (description !== undefined) record.description = description;
    if (color !== undefined) record.color = color;
    if (starred !== undefined) record.starred = starred;
    store.changed();
    return ok(flavor.channelUpdated(toOutput(record)));
  });

  router.post('/channel/:channelid/assign/:type/:itemid', ({ params, store, flavor }) => {
    const channel = store.state.channels.find((c) => c.id === parseId(params.channelid));
    if (!channel) return fail(NOT_FOUND);
    const known = (CHANNEL_ITEM_TYPES as readonly string[]).includes(params.type);
    if (!known && !flavor.unknownItemTypeIsLinks) return fail('Invalid item type. Use links, bio or qr.');
    const type = (known ? params.type : 'links') as ChannelItemType;
    const itemId = parseId(params.itemid);
    if (itemId === null) return fail('Item does not exist.');
    if (!flavor.channelItemMoves && isInChannel(store, channel.id, type, itemId)) {
      return fail('This item is already added to the selected channel.');
    }
    if (type === 'links' && !store.findLink(itemId)) return fail(MESSAGES.linkMissing);
    if (type === 'qr' && !store.state.qrs.some((q) => q.id === itemId)) return fail('QR code does not exist.');
    if (type === 'bio') {
      if (!flavor.bioPagesMustExist) ensureBioPage(store, itemId);
      else if (!store.state.bios.some((b) => b.id === itemId))
        return fail('Bio Page does not exist. Please try again.');
    }
    assignToChannel(store, channel.id, type, itemId, flavor.channelItemMoves);
    store.changed();
    return ok({ message: flavor.channelAssigned });
  });

  // Deleting a channel unassigns its items; the links, QR codes and bio pages themselves stay.
  router.delete('/channel/:id/delete', ({ params, store }) => {
    const id = parseId(params.id);
    const index = store.state.channels.findIndex((c) => c.id === id);
    if (index < 0 || id === null) return fail(NOT_FOUND);
    store.state.channels.splice(index, 1);
    unassignChannel(store, id);
    store.changed();
    return ok({ message: 'Channel has been deleted successfully.' });
  });
}
