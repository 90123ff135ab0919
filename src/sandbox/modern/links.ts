// Short links: list (with `order` and `short` lookup), detail, add, update, delete.
import { clickBreakdown } from '../clicks.js';
import type { Flavor } from '../flavor.js';
import { fail, ok, paginate, parseId, type Reply } from '../format.js';
import type { LinkRecord } from '../records.js';
import type { Router } from '../router.js';
import type { Store } from '../store.js';
import { AppError, has, MESSAGES } from '../validate.js';
import { assignToChannel, channelsOfLinks, unassignItem } from './channel-items.js';
import { type LinkPatch, readLinkBody } from './link-body.js';

/** Servers fetch the page title; the sandbox is offline, so the host stands in for it. */
function titleOf(link: Pick<LinkRecord, 'metatitle' | 'longurl'>): string {
  return link.metatitle || new URL(link.longurl).host;
}

function applyPatch(store: Store, link: LinkRecord, patch: Omit<LinkPatch, 'channel'>): void {
  const { alias, ...fields } = patch;
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (link as unknown as Record<string, unknown>)[key] = value;
  }
  if (alias !== undefined) store.setLinkAlias(link, alias);
  link.title = titleOf(link);
  link.description = link.metadescription;
}

/** Creates a link from a validated patch; shared with the legacy create operation. */
export function createLink(store: Store, patch: Omit<LinkPatch, 'channel'>): LinkRecord {
  const link: LinkRecord = {
    id: store.nextId('links'),
    alias: patch.alias ?? store.randomAlias(),
    domain: null,
    longurl: patch.longurl,
    title: '',
    description: '',
    type: 'direct',
    password: '',
    expiry: null,
    geotarget: [],
    devicetarget: [],
    languagetarget: [],
    metatitle: '',
    metadescription: '',
    metaimage: '',
    pixels: [],
    deeplink: {},
    parameters: [],
    campaign: null,
    status: 'active',
    clicks: 0,
    visitors: [],
    hits: [],
    lastAccessed: null,
    date: store.timestamp(),
  };
  store.addLink(link);
  applyPatch(store, link, patch);
  store.changed();
  return link;
}

function listItem(store: Store, flavor: Flavor, channels: Map<number, number[]>, l: LinkRecord) {
  return flavor.linkListItem({
    id: l.id,
    alias: l.alias,
    shorturl: store.shortUrl(l),
    longurl: l.longurl,
    title: l.title,
    description: l.description,
    clicks: l.clicks,
    uniqueclicks: l.visitors.length,
    domain: l.domain ?? store.baseUrl,
    campaign: l.campaign,
    channels: channels.get(l.id) ?? [],
    date: l.date,
  });
}

/** The click breakdowns; each `top*` is the integer 0 while the link has no click (docs/api.md). */
function linkStats(l: LinkRecord, flavor: Flavor) {
  const { socialCount, ...tops } = clickBreakdown(l.hits ?? [], flavor.column);
  const some = (l.hits ?? []).length > 0;
  const top = (counts: Record<string, unknown>) => (some ? counts : 0);
  return {
    topCountries: top(tops.topCountries),
    topReferrers: top(tops.topReferrers),
    topBrowsers: top(tops.topBrowsers),
    topOs: top(tops.topOs),
    socialCount,
  };
}

/** GET /url/:id; also the answer of GET /urls?short=... on a match. */
function linkDetail(store: Store, flavor: Flavor, l: LinkRecord): Reply {
  const targets = (list: { link: string }[], key: 'location' | 'device') =>
    Object.fromEntries(list.map((t) => [(t as unknown as Record<string, string>)[key], t.link]));
  return ok({
    id: l.id,
    details: {
      id: l.id,
      shorturl: store.shortUrl(l),
      longurl: l.longurl,
      title: l.title,
      description: l.description,
      location: targets(l.geotarget, 'location'),
      device: targets(l.devicetarget, 'device'),
      expiry: l.expiry,
      date: l.date,
    },
    data: {
      clicks: l.clicks,
      uniqueClicks: l.visitors.length,
      ...linkStats(l, flavor),
    },
  });
}

function sortLinks(links: LinkRecord[], order: string | null): LinkRecord[] {
  const byDate = (a: LinkRecord, b: LinkRecord) => b.id - a.id;
  if (order === 'click') return [...links].sort((a, b) => b.clicks - a.clicks || byDate(a, b));
  return [...links].sort(byDate); // `date` and anything unknown: newest first
}

export function registerLinkRoutes(router: Router): void {
  // With `short`, every other parameter is ignored and the single link comes back in the
  // detail shape of GET /url/:id (the spec leaves the shape open; one shape is simplest to consume).
  router.get('/urls', (ctx) => {
    const { query, store, flavor } = ctx;
    const short = query.get('short');
    if (short !== null) {
      const link = store.findByShortUrl(short);
      return link ? linkDetail(store, flavor, link) : fail(MESSAGES.linkMissing);
    }
    const links = sortLinks(store.state.links, query.get('order'));
    const channels = channelsOfLinks(store);
    return paginate(
      ctx,
      'urls',
      links.map((l) => listItem(store, flavor, channels, l)),
    );
  });

  router.get('/url/:id', ({ params, store, flavor }) => {
    const link = store.findLink(parseId(params.id));
    return link ? linkDetail(store, flavor, link) : fail(MESSAGES.linkMissing);
  });

  router.post('/url/add', ({ body, store, flavor }) => {
    if (flavor.missingUrl !== null && !has(body, 'url')) throw new AppError(flavor.missingUrl);
    const { channel, ...patch } = readLinkBody(store, body);
    const link = createLink(store, patch);
    if (channel !== undefined) {
      assignToChannel(store, channel, 'links', link.id, flavor.channelItemMoves);
      store.changed();
    }
    return ok(flavor.linkAdded(link.id, store.shortUrl(link)));
  });

  router.put('/url/:id/update', ({ params, body, store, flavor }) => {
    const link = store.findLink(parseId(params.id));
    if (!link) return fail(MESSAGES.linkMissing);
    const { channel, ...patch } = readLinkBody(store, body, link);
    applyPatch(store, link, patch);
    if (channel !== undefined) assignToChannel(store, channel, 'links', link.id, flavor.channelItemMoves);
    store.changed();
    return ok(flavor.linkUpdated(link.id, store.shortUrl(link)));
  });

  router.delete('/url/:id/delete', ({ params, store }) => {
    const link = store.findLink(parseId(params.id));
    if (!link) return fail(MESSAGES.linkMissing);
    store.removeLink(link);
    unassignItem(store, 'links', link.id);
    store.changed();
    return ok({ message: 'Link has been deleted successfully.' });
  });
}
