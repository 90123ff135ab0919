// Channel membership, shared by the channel routes and by links (`channel` in a link body).
// On v7 an item belongs to at most one channel (assigning it again moves it); on v6 it may sit
// in several, once in each.
import type { ChannelItem, ChannelItemType } from '../../api/types.js';
import { formatDay } from '../format.js';
import type { ChannelAssignment } from '../records.js';
import type { Store } from '../store.js';

export function assignToChannel(
  store: Store,
  channel: number,
  type: ChannelItemType,
  item: number,
  moves: boolean,
): void {
  if (moves) unassignItem(store, type, item);
  else if (isInChannel(store, channel, type, item)) return;
  store.state.assignments.push({ channel, type, item, date: store.timestamp() });
}

export function isInChannel(store: Store, channel: number, type: ChannelItemType, item: number): boolean {
  return store.state.assignments.some((a) => a.channel === channel && a.type === type && a.item === item);
}

/** Link id -> the ids of the channels holding it, in the order it joined them. */
export function channelsOfLinks(store: Store): Map<number, number[]> {
  const byLink = new Map<number, number[]>();
  for (const a of store.state.assignments) {
    if (a.type !== 'links') continue;
    const list = byLink.get(a.item);
    if (list) list.push(a.channel);
    else byLink.set(a.item, [a.channel]);
  }
  return byLink;
}

export function unassignItem(store: Store, type: ChannelItemType, item: number): void {
  store.state.assignments = store.state.assignments.filter((a) => !(a.type === type && a.item === item));
}

export function unassignChannel(store: Store, channel: number): void {
  store.state.assignments = store.state.assignments.filter((a) => a.channel !== channel);
}

/** Bio pages have no API here: an unknown bio id gets a placeholder page so it can be assigned. */
export function ensureBioPage(store: Store, id: number): void {
  if (store.state.bios.some((b) => b.id === id)) return;
  store.state.bios.push({ id, name: `Bio page ${id}`, alias: `bio${id}`, date: store.timestamp() });
}

function describe(store: Store, a: ChannelAssignment): ChannelItem | null {
  const date = formatDay(a.date);
  if (a.type === 'links') {
    const link = store.findLink(a.item);
    if (!link) return null;
    return { type: 'links', id: link.id, title: link.title, preview: link.longurl, link: store.shortUrl(link), date };
  }
  if (a.type === 'qr') {
    const qr = store.state.qrs.find((q) => q.id === a.item);
    if (!qr) return null;
    const link = `${store.baseUrl}/qr/${qr.alias}`;
    return { type: 'qr', id: qr.id, title: qr.name, preview: `${link}.png`, link, date };
  }
  const bio = store.state.bios.find((b) => b.id === a.item);
  if (!bio) return null;
  const link = `${store.baseUrl}/bio/${bio.alias}`;
  return { type: 'bio', id: bio.id, title: bio.name, preview: link, link, date };
}

/** The channel's items, most recently assigned first. */
export function channelItems(store: Store, channel: number): ChannelItem[] {
  return store.state.assignments
    .filter((a) => a.channel === channel)
    .reverse()
    .map((a) => describe(store, a))
    .filter((item): item is ChannelItem => item !== null);
}
