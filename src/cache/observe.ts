// What the answers of the modern API tell about names: every list page, detail, creation, change
// and deletion a command already receives is turned into changes of the name cache, with no
// request of its own. One place reads them all, so no command has to remember the cache.
import { type ListEndpoint, LISTS } from '../api/lists.js';
import { followingPage } from '../api/paginate.js';
import { hasHiddenMarks, withoutHiddenMarks } from './clean-text.js';
import type { NameResource } from './paths.js';
import { aliasOf } from '../util/short-url.js';

/** One record of the cache. `name` is what completion offers: a link's alias, a domain's host. */
export interface NameEntry {
  id: number | string;
  name: string;
  /** A link's short URL. */
  url?: string;
  /** A link's title, shortened; a pixel's type. */
  note?: string;
}

export type NameChange =
  | { kind: 'upsert'; resource: NameResource; entries: NameEntry[] }
  | { kind: 'delete'; resource: NameResource; id: number | string }
  /** A whole list was read: its entries are all there are. */
  | { kind: 'replace'; resource: NameResource; entries: NameEntry[]; total: number };

type Row = Record<string, unknown>;

/** Titles are kept for the description completion shows beside an alias, not in full. */
const TITLE_LENGTH = 60;
/** A longer name is no name one completes: it is left out, and the cache's lines stay short. */
const NAME_LENGTH = 200;

/** The list each cached resource is read from, in the API's words: the cache's `links` are `GET /urls`. */
export const LIST_ENDPOINTS: Record<NameResource, Required<ListEndpoint>> = {
  links: LISTS.urls,
  campaigns: LISTS.campaigns,
  channels: LISTS.channels,
  pixels: LISTS.pixels,
  qr: LISTS.qr,
  domains: LISTS.domains,
};

const RESOURCES = Object.entries(LIST_ENDPOINTS) as [NameResource, Required<ListEndpoint>][];

/** The resource a list path reads. */
const LIST_OF: Record<string, NameResource> = Object.fromEntries(
  RESOURCES.map(([resource, { path }]) => [path, resource]),
);

/** The resource an item path's word names: `url` is links. */
const SINGULAR: Record<string, NameResource> = Object.fromEntries(
  RESOURCES.map(([resource, { item }]) => [item, resource]),
);

/** `/url/add`, `/campaign/4/update`, `/qr/7`: the resource, the id in the path, the action. */
const ITEM_PATH = new RegExp(
  `^/(${RESOURCES.map(([, { item }]) => item).join('|')})/(?:(add)|([^/]+)(?:/(update|delete))?)$`,
);

/** Query keys that do not narrow a list: a read with only these, page after page, is the whole list. */
const WHOLE_LIST_QUERY = new Set(['limit', 'page', 'order']);

export interface Exchange {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  answer: unknown;
}

/**
 * Collects the changes a run's answers imply. Pages of one list read with the same page size are
 * gathered; once every page from the first to the last was seen, the list replaces the cached one.
 */
export function createNameObserver() {
  const changes: NameChange[] = [];
  const reads = new Map<string, { pages: Map<number, NameEntry[]>; last?: number; total: number }>();

  function onList(resource: NameResource, ex: Exchange, data: Row): void {
    const items = itemsOf(data, LIST_ENDPOINTS[resource].keys);
    if (!items) return;
    const entries = entriesOf(resource, items);
    changes.push({ kind: 'upsert', resource, entries });
    const query = ex.query ?? {};
    if (Object.entries(query).some(([key, value]) => value !== undefined && !WHOLE_LIST_QUERY.has(key))) return;
    const page = toInt(data.currentpage) ?? toInt(query.page) ?? 1;
    const key = `${ex.path} ${query.limit ?? ''} ${query.order ?? ''}`;
    let read = reads.get(key);
    if (!read || page === 1) {
      read = { pages: new Map(), total: 0 };
      reads.set(key, read);
    }
    read.pages.set(page, entries);
    read.total = toInt(data.result) ?? read.total;
    if (followingPage(data, page) === undefined || items.length === 0) read.last = page;
    if (read.last !== undefined && read.pages.size === read.last && read.pages.has(1)) {
      const all = [...read.pages.entries()].sort(([a], [b]) => a - b).flatMap(([, e]) => e);
      changes.push({ kind: 'replace', resource, entries: all, total: Math.max(read.total, all.length) });
      reads.delete(key);
    }
  }

  function onItem(ex: Exchange, answer: Row): void {
    const match = ITEM_PATH.exec(ex.path);
    if (!match) return;
    const [, singular, add, pathId, action] = match;
    const resource = SINGULAR[singular];
    const id = pathId === undefined ? undefined : idOf(pathId);
    if (action === 'delete') {
      if (id !== undefined) changes.push({ kind: 'delete', resource, id });
      return;
    }
    // GET /channel/:id lists the channel's items, not the channel.
    if (ex.method === 'GET' && (add || resource === 'channels')) return;
    const details = isRow(answer.details) ? answer.details : {};
    const sent = isRow(ex.body) ? ex.body : {};
    const record: Row = { ...requestNames(resource, sent), ...details, ...withoutEnvelope(answer) };
    record.id = idOf(record.id) ?? idOf(details.id) ?? id;
    const entry = entryOf(resource, record);
    if (entry) changes.push({ kind: 'upsert', resource, entries: [entry] });
  }

  /** `GET /urls?short=` answered with the link's detail. */
  function onLookup(answer: Row, details: Row): void {
    const entry = entryOf('links', { ...details, id: idOf(answer.id) ?? idOf(details.id) });
    if (entry) changes.push({ kind: 'upsert', resource: 'links', entries: [entry] });
  }

  return {
    changes,
    /** Records what one successful answer says; never throws (the cache must not fail a command). */
    observe(ex: Exchange): void {
      try {
        if (!isRow(ex.answer)) return;
        const path = `/${ex.path.split('?')[0].replace(/^\/+|\/+$/g, '')}`;
        const list = ex.method === 'GET' ? LIST_OF[path] : undefined;
        const exchange = { ...ex, path };
        // A lookup by short URL answers with the link's detail (its `data` holds statistics, not a page).
        if (path === LISTS.urls.path && isRow(ex.answer.details)) onLookup(ex.answer, ex.answer.details);
        else if (list && isRow(ex.answer.data)) onList(list, exchange, ex.answer.data);
        else onItem(exchange, ex.answer);
      } catch {
        // an answer of an unexpected shape teaches nothing; the command goes on
      }
    },
  };
}

/** What a write sent that its answer may not repeat (a pixel's name, a domain's address). */
function requestNames(resource: NameResource, sent: Row): Row {
  const out: Row = {};
  if (resource === 'domains') out.domain = sent.domain;
  else if (resource !== 'links') out.name = sent.name;
  if (resource === 'pixels') out.type = sent.type;
  if (resource === 'links' && typeof sent.metatitle === 'string') out.title = sent.metatitle;
  return out;
}

function withoutEnvelope(answer: Row): Row {
  const { error: _error, message: _message, details: _details, data, ...rest } = answer;
  // A write's answer carries the record at the top level; a detail's `data` holds statistics.
  return isRow(data) && !('clicks' in data) ? { ...data, ...rest } : rest;
}

function entriesOf(resource: NameResource, items: unknown[]): NameEntry[] {
  return items.flatMap((item) => {
    const entry = isRow(item) ? entryOf(resource, item) : undefined;
    return entry ? [entry] : [];
  });
}

/** The cache record of one item, or undefined when it has no id or no name worth completing. */
function entryOf(resource: NameResource, item: Row): NameEntry | undefined {
  const id = idOf(item.id);
  if (id === undefined) return undefined;
  if (resource === 'links') {
    const url = text(item.shorturl) ?? text(item.short);
    const name = plainName(text(item.alias) ?? text(item.custom) ?? aliasOf(url));
    const shortUrl = url && !hasHiddenMarks(url) ? url : undefined;
    return name ? clean({ id, name, url: shortUrl, note: shorten(text(item.title)) }) : undefined;
  }
  if (resource === 'domains') {
    const name = plainName(hostOf(text(item.domain)));
    return name ? { id, name } : undefined;
  }
  // A campaign's name comes under `name`, `campaign` (v6 writes) or `domain` (v7 writes).
  const name = plainName(
    text(item.name) ?? (resource === 'campaigns' ? (text(item.campaign) ?? text(item.domain)) : undefined),
  );
  if (!name) return undefined;
  return clean({ id, name, note: resource === 'pixels' ? shorten(text(item.type)) : undefined });
}

/** A name the cache may hold: one line, no hidden mark, not too long (see clean-text.ts). */
function plainName(name: string | undefined): string | undefined {
  return name && name.length <= NAME_LENGTH && !hasHiddenMarks(name) ? name : undefined;
}

function clean(entry: NameEntry): NameEntry {
  for (const key of ['url', 'note'] as const) if (entry[key] === undefined) delete entry[key];
  return entry;
}

/** `https://go.example.com/` -> `go.example.com`: what --domain takes, with no `:` for bash to split at. */
function hostOf(domain: string | undefined): string | undefined {
  if (!domain) return undefined;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`).host || undefined;
  } catch {
    return undefined;
  }
}

function shorten(title: string | undefined): string | undefined {
  if (!title) return undefined;
  const one = withoutHiddenMarks(title).replace(/\s+/g, ' ').trim();
  return one.length > TITLE_LENGTH ? `${one.slice(0, TITLE_LENGTH - 1)}…` : one || undefined;
}

function itemsOf(data: Row, keys: string[]): unknown[] | undefined {
  for (const key of keys) if (Array.isArray(data[key])) return data[key] as unknown[];
  return undefined;
}

/** Ids as numbers; v6 sends some as strings (`"5"`). */
function idOf(value: unknown): number | string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || value.trim() === '' || value.length > NAME_LENGTH || hasHiddenMarks(value))
    return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function toInt(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
}

function isRow(value: unknown): value is Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
