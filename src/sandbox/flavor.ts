// The deployed versions of the API the sandbox can imitate (`shorty sandbox --flavor`): v7 is
// the API as docs/api.md describes it, v6 the older line of its "Server versions". Every difference
// between them is decided here, as data or as the shape of an answer, so the handlers ask
// `flavor.<rule>` and never which version they serve.
import type { Account } from '../api/types.js';

const FLAVORS = ['v6', 'v7'] as const;
export type FlavorName = (typeof FLAVORS)[number];
export const DEFAULT_FLAVOR: FlavorName = 'v7';

/** Facts about a link that some version puts in its list items. */
interface LinkListFacts {
  id: number;
  alias: string;
  shorturl: string;
  longurl: string;
  title: string;
  description: string;
  clicks: number;
  uniqueclicks: number;
  /** the branded domain, or the service's own origin */
  domain: string;
  campaign: number | null;
  channels: number[];
  date: string;
}

export interface CampaignFacts {
  id: number;
  name: string;
  public: boolean;
  rotator: false | string;
  list: string;
}

export interface QrFacts {
  id: number;
  name: string;
  link: string;
  scans: number;
  date: string;
}

export interface Flavor {
  name: FlavorName;
  /** The key an `Authorization` header carries; '' when it carries none this version accepts. */
  keyFromAuthorization(header: string): string;
  /** `X-RateLimit-Remaining` after the window's `count`-th request (rejected ones included). */
  remaining(limit: number, count: number): number;
  /** The Content-Type sent for a JSON or XML answer of `type` (given with its charset). */
  contentType(type: string): string;
  /** Wraps a legacy XML `<response>` element into the document's root element. */
  legacyXml(response: string, client: string, unixTime: number): string;
  /** `error` of list answers. */
  listError: 0 | '0';
  /** A stored number where this version sends the raw database column (v6 casts none of them). */
  column(n: number): number | string;
  overlayListKey: 'cta' | 'overlay';
  account(account: Account): Record<string, unknown>;

  linkListItem(link: LinkListFacts): Record<string, unknown>;
  linkAdded(id: number, shorturl: string): Record<string, unknown>;
  linkUpdated(id: number, shorturl: string): Record<string, unknown>;
  /** The message for a `url/add` without `url`; null: the invalid-URL message. */
  missingUrl: string | null;

  /** Campaign names: v6 capitalises them, refuses ones under 2 characters and duplicates. */
  campaignName(name: string): string;
  campaignNamesChecked: boolean;
  /** A campaign created without a slug gets a random one (so it always has a rotator). */
  campaignRandomSlug: boolean;
  campaignSlugTaken: string;
  campaignListUrl(base: string, username: string, c: { id: number; slug: string }): string;
  campaignWritten(c: CampaignFacts): Record<string, unknown>;
  campaignListItem(c: CampaignFacts): Record<string, unknown>;

  /** v7: an item sits in one channel, assigning it again moves it; v6: in any number. */
  channelItemMoves: boolean;
  /** v6 reads an unknown item type as `links`; v7 refuses it. */
  unknownItemTypeIsLinks: boolean;
  /** v7 makes a placeholder bio page for an unknown id; v6 refuses it. */
  bioPagesMustExist: boolean;
  channelAssigned: string;
  channelUpdated(channel: Record<string, unknown>): Record<string, unknown>;

  qrListItem(qr: QrFacts): Record<string, unknown>;
  /** `stats` is left out by v6 when the QR code has no link behind it. */
  qrDetail(qr: QrFacts, stats: Record<string, unknown>, hasLink: boolean): Record<string, unknown>;
  qrUpdated: string;
  qrDeleted: string;
}

function bearerOnly(header: string): string {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : '';
}

/** v6 strips `Token ` or `Bearer ` when present and takes the rest as the key. */
function tokenBearerOrBare(header: string): string {
  const m = /^\s*(?:(?:Bearer|Token)\s+)?(\S+)\s*$/i.exec(header);
  return m ? m[1] : '';
}

const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
const escapeAttribute = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

const V7: Flavor = {
  name: 'v7',
  keyFromAuthorization: bearerOnly,
  remaining: (limit, count) => Math.max(0, limit - count),
  contentType: (type) => type,
  legacyXml: (response) => `${xmlDeclaration}${response}\n`,
  listError: '0',
  column: (n) => n,
  overlayListKey: 'cta',
  account: (a) => ({ ...a }),

  linkListItem: (l) => ({
    id: l.id,
    alias: l.alias,
    shorturl: l.shorturl,
    longurl: l.longurl,
    clicks: l.clicks,
    title: l.title,
    description: l.description,
    date: l.date,
  }),
  linkAdded: (id, shorturl) => ({ id, shorturl }),
  linkUpdated: (id, short) => ({ id, short }),
  missingUrl: null,

  campaignName: (name) => name,
  campaignNamesChecked: false,
  campaignRandomSlug: false,
  campaignSlugTaken: 'That slug is taken. Please choose another one.',
  campaignListUrl: (base, _username, c) => `${base}/u/${c.slug || c.id}/${c.id}`,
  campaignWritten: (c) => ({ id: c.id, domain: c.name, public: c.public, rotator: c.rotator, list: c.list }),
  campaignListItem: (c) => ({ id: c.id, name: c.name, public: c.public, rotator: c.rotator, list: c.list }),

  channelItemMoves: true,
  unknownItemTypeIsLinks: false,
  bioPagesMustExist: false,
  channelAssigned: 'Item has been successfully added to the channel.',
  channelUpdated: () => ({ message: 'Channel has been updated successfully.' }),

  qrListItem: (q) => ({ id: q.id, link: q.link, scans: q.scans, name: q.name, date: q.date }),
  qrDetail: (q, stats) => ({ details: V7.qrListItem(q), data: stats }),
  qrUpdated: 'QR code has been updated successfully.',
  qrDeleted: 'QR code has been deleted successfully.',
};

const V6: Flavor = {
  name: 'v6',
  keyFromAuthorization: tokenBearerOrBare,
  // Its counter does not grow past the cap, so the rejected requests all read -1.
  remaining: (limit, count) => Math.max(-1, limit - count),
  contentType: (type) => (/^application\/(json|xml)/.test(type) ? type.replace(/;\s*charset=[^;]*$/i, '') : type),
  legacyXml: (response, client, time) =>
    `${xmlDeclaration}<message client="${escapeAttribute(client)}" time="${time}">${response}</message>\n`,
  listError: 0,
  column: (n) => String(n),
  overlayListKey: 'overlay',
  account: (a) => ({
    id: a.id,
    email: a.email,
    username: a.username,
    avatar: a.avatar,
    status: 'free',
    planid: '4',
    expires: a.expires,
    registered: a.registered,
  }),

  linkListItem: (l) => ({
    id: l.id,
    alias: l.alias,
    shorturl: l.shorturl,
    longurl: l.longurl,
    title: l.title,
    description: l.description,
    clicks: String(l.clicks),
    uniqueclicks: String(l.uniqueclicks),
    domain: l.domain,
    campaign: l.campaign === null ? null : String(l.campaign),
    channel: l.channels,
    date: l.date,
  }),
  linkAdded: (id, shorturl) => ({ id: String(id), shorturl }),
  linkUpdated: (id, shorturl) => ({ id, shorturl }),
  missingUrl: 'Missing required parameter: url',

  campaignName: (name) => name.charAt(0).toUpperCase() + name.slice(1),
  campaignNamesChecked: true,
  campaignRandomSlug: true,
  campaignSlugTaken: 'This slug is currently not available. Please choose another one.',
  campaignListUrl: (base, username, c) => `${base}/u/${encodeURIComponent(username)}/${c.slug}-${c.id}`,
  campaignWritten: (c) => ({ id: c.id, campaign: c.name, public: c.public, rotator: c.rotator, list: c.list }),
  // The sandbox serves no campaign list page, so nothing is ever viewed.
  campaignListItem: (c) => ({ id: c.id, name: c.name, public: c.public, rotator: c.rotator, list: c.list, views: 0 }),

  channelItemMoves: false,
  unknownItemTypeIsLinks: true,
  bioPagesMustExist: true,
  channelAssigned: 'Link successfully added to the channel.',
  channelUpdated: (channel) => channel,

  qrListItem: (q) => ({ id: String(q.id), name: q.name, link: q.link, scans: String(q.scans), date: q.date }),
  // `data` (sic) is the date in v6's details.
  qrDetail: (q, stats, hasLink) => ({
    details: { id: String(q.id), name: q.name, link: q.link, scans: String(q.scans), data: q.date },
    ...(hasLink ? { data: stats } : {}),
  }),
  qrUpdated: 'QR has been updated successfully.',
  qrDeleted: 'QR has been deleted successfully.',
};

const BY_NAME: Record<FlavorName, Flavor> = { v6: V6, v7: V7 };

export function flavorRules(name: FlavorName = DEFAULT_FLAVOR): Flavor {
  return BY_NAME[name];
}

/** `v6` or `v7` (any case); anything else is an error naming the choices. */
export function parseFlavor(text: string | undefined): FlavorName {
  if (text === undefined) return DEFAULT_FLAVOR;
  const name = text.trim().toLowerCase();
  if (!(FLAVORS as readonly string[]).includes(name)) {
    throw new Error(`invalid flavor "${text}": expected one of ${FLAVORS.join(', ')}`);
  }
  return name as FlavorName;
}
