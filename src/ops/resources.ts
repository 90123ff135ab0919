// The resources besides links, as both doors read them: a page of the list, and one found by id
// or name (the API has no detail endpoint: the record is found in the list). Overlays and splash
// pages are read only; the others are written through their rules (resource-rules.ts).
import { LISTS } from '../api/lists.js';
import { BULK_PAGE_SIZE, type Item, paginate } from '../api/paginate.js';
import type { Context } from '../context.js';
import { ApiError } from '../errors.js';
import { keysInOrder } from '../output/fields.js';
import { type ListedKind, type NamedKind, resolveNamed } from './names.js';
import { type PageInput, type PageOf, readPage } from './pages.js';
import { CLI_WORDS, type Words } from './words.js';

/** A resource as its operations see it: how it is named and listed, and its record's fields. */
export interface ResourceKind {
  named: NamedKind;
  /** The record's fields, in order (whatever else the server sent follows). */
  fields: readonly string[];
  /** Smooths over server differences in each item (a campaign's name under `domain`). */
  mapItem?: (item: Item) => Item;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

const OVERLAY_NAMES: NamedKind = {
  noun: 'overlay',
  group: 'overlays',
  list: LISTS.overlay,
  nameWord: 'name',
  usage: 'id|name',
  example: '"Contact us form"',
  nameOf: (item) => text(item.name),
};

const SPLASH_NAMES: NamedKind = {
  noun: 'splash page',
  group: 'splash',
  list: LISTS.splash,
  nameWord: 'name',
  usage: 'id|name',
  example: '"Holiday promo"',
  nameOf: (item) => text(item.name),
};

export const OVERLAYS: ResourceKind = { named: OVERLAY_NAMES, fields: ['id', 'type', 'name', 'date'] };
export const SPLASH_PAGES: ResourceKind = { named: SPLASH_NAMES, fields: ['id', 'name', 'date'] };

/** What reading a record needs: the list, and the record's fields. */
type Readable = Omit<ResourceKind, 'named'> & { named: ListedKind };

/** The resource's record in its fields' order, then whatever else the server sent. */
export function recordOf(kind: Readable, item: Item): Item {
  return keysInOrder(kind.mapItem ? kind.mapItem(item) : item, kind.fields);
}

export function listResource(ctx: Context, kind: ResourceKind, input: PageInput): Promise<PageOf> {
  return readPage(ctx, kind.named.list, { ...input, mapItem: (item) => recordOf(kind, item) });
}

/** The record with `id`, or exit 1 naming it when no page holds it. */
export async function findInList(ctx: Context, kind: Readable, id: number, words: Words = CLI_WORDS): Promise<Item> {
  const { list, noun, group } = kind.named;
  const api = await ctx.api();
  for await (const page of paginate(api, list.path, { keys: list.keys, limit: BULK_PAGE_SIZE, all: true })) {
    const found = page.items.find((item) => item.id === id);
    if (found) return recordOf(kind, found);
  }
  throw new ApiError(`${noun} ${id} not found`, { hint: `${words.op(group, 'list')} shows the ids` });
}

/** The record an argument names: by id (the list read until it turns up) or by name (one list read). */
export async function getResource(
  ctx: Context,
  kind: ResourceKind,
  target: string,
  words: Words = CLI_WORDS,
): Promise<Item> {
  const [{ id, item }] = await resolveNamed(ctx, kind.named, [target], words);
  return item ? recordOf(kind, item) : findInList(ctx, kind, id, words);
}
