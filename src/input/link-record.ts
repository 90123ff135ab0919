// The link vocabulary: what a link is called in every command that prints one (urls list, get,
// add, update, lookup, export, import results). The API names the same things differently in each
// answer (`longurl` in a list item, `details.longurl` in a detail, `short` in an update answer,
// `uniqueClicks` under `data`); shorty maps each answer here, once, onto one flat record.
import { LINK_COLUMNS } from './link-columns.js';
import type { LinkBody } from '../api/types.js';
import { aliasOf } from '../util/short-url.js';

type Row = Record<string, unknown>;

/** A link's own fields, in the order every format prints them. */
export const LINK_FIELDS = [
  'id',
  'alias',
  'shorturl',
  'longurl',
  'title',
  'description',
  'clicks',
  'uniqueclicks',
  'domain',
  'expiry',
  'date',
] as const;

/** What each of a link's fields holds, for `shorty urls --help` (the compiler keeps it complete). */
export const LINK_FIELD_HELP: Record<(typeof LINK_FIELDS)[number], string> = {
  id: "the link's number",
  alias: 'the short part of its short URL (spring)',
  shorturl: 'the short link',
  longurl: 'where it leads',
  title: 'its meta title',
  description: 'its meta description',
  clicks: 'visits',
  uniqueclicks: 'distinct visitors',
  domain: "its branded domain; empty on the service's own",
  expiry: 'yyyy-mm-dd hh:mm:ss; null when it never expires',
  date: 'when it was created',
};

/**
 * Settable link-body fields an answer may carry beyond those (the detail's geo and device
 * targets; what some servers' list answers add), under the link body's names.
 */
export const LINK_SETTING_FIELDS: readonly string[] = LINK_COLUMNS.filter(
  (c) => !['url', 'custom', 'domain', 'expiry', 'metatitle', 'metadescription'].includes(c),
);

/** What v6 servers add to list items that is not a setting of the link body. */
const LINK_SERVER_FIELDS = ['campaign'] as const;

/** How a link performs (GET /url/:id `data`): each an object of name -> count. */
export const LINK_STATS_FIELDS = ['countries', 'referrers', 'browsers', 'os', 'social'] as const;

/** The detail's `data` keys behind each statistics field. */
const STATS_SOURCES: Record<(typeof LINK_STATS_FIELDS)[number], string> = {
  countries: 'topCountries',
  referrers: 'topReferrers',
  browsers: 'topBrowsers',
  os: 'topOs',
  social: 'socialCount',
};

/** Every field a link record can have, for --fields checks: the link's, its settings, server extras. */
export const LINK_RECORD_FIELDS: readonly string[] = [...LINK_FIELDS, ...LINK_SETTING_FIELDS, ...LINK_SERVER_FIELDS];

/** The same, with the statistics of `urls get` and `urls lookup`. */
export const LINK_DETAIL_FIELDS: readonly string[] = [...LINK_RECORD_FIELDS, ...LINK_STATS_FIELDS];

export interface RecordOptions {
  /** The base URL shorty talks to: a link on it has an empty `domain` (see brandedDomain). */
  baseUrl?: string;
  /** Fields known from the request that made the answer (the link body sent by add or update). */
  sent?: Pick<Partial<LinkBody>, 'url' | 'metatitle' | 'metadescription' | 'expiry'>;
}

const isObject = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Any link answer as the flat record: a list item, the detail of GET /url/:id (or of a lookup),
 * the answer of add (`{id, shorturl}`) or update (`{id, short}`). Fields the answer does not say
 * are left out; fields the vocabulary does not name are kept, after the known ones.
 */
export function linkRecord(answer: Row, opts: RecordOptions = {}): Row {
  const facts: Row = { ...fromSent(opts.sent), ...(isObject(answer.details) ? fromDetail(answer) : fromItem(answer)) };
  const alias = typeof facts.alias === 'string' && facts.alias !== '' ? facts.alias : aliasOf(facts.shorturl);
  if (alias !== undefined) facts.alias = alias;
  if (facts.shorturl !== undefined || facts.domain !== undefined) facts.domain = brandedDomain(facts, opts.baseUrl);
  return ordered(facts);
}

/** Records of one link merged, later ones winning (an update's answer over the detail read before it). */
export function mergedRecord(...records: Row[]): Row {
  return ordered(Object.assign({}, ...records));
}

/** The link body's fields that the record names otherwise. */
export const RECORD_NAME_OF_BODY_FIELD: Readonly<Record<string, string>> = {
  url: 'longurl',
  custom: 'alias',
  metatitle: 'title',
  metadescription: 'description',
};

function fromSent(sent: RecordOptions['sent']): Row {
  if (!sent) return {};
  return {
    longurl: sent.url,
    title: sent.metatitle,
    description: sent.metadescription,
    expiry: sent.expiry,
  };
}

/**
 * The targets a body sets, as a detail shows them (location -> URL, as `urls get` prints them):
 * what an update prints over the targets read before it.
 */
export function sentTargets(body: Pick<Partial<LinkBody>, 'geotarget' | 'devicetarget' | 'languagetarget'>): Row {
  return dropUndefined({
    geotarget: targetMap(body.geotarget?.map((t) => [t.location, t.link])),
    devicetarget: targetMap(body.devicetarget?.map((t) => [t.device, t.link])),
    languagetarget: targetMap(body.languagetarget?.map((t) => [t.language, t.link])),
  });
}

const targetMap = (pairs: [string, string][] | undefined): Row | undefined =>
  pairs && pairs.length > 0 ? Object.fromEntries(pairs) : undefined;

/** A list item, or a write's answer: the names are the record's, but for `short` and `uniqueClicks`. */
function fromItem(item: Row): Row {
  const { error: _error, short, uniqueClicks, ...rest } = item;
  const out: Row = { ...rest };
  out.shorturl ??= short;
  out.uniqueclicks ??= uniqueClicks;
  return dropUndefined(out);
}

/** `{id, details: {...}, data: {...}}`: the link's fields from `details`, its counts from `data`. */
function fromDetail(answer: Row): Row {
  const { id: detailId, location, device, language, ...details } = answer.details as Row;
  return dropUndefined({
    id: answer.id ?? detailId,
    ...details,
    geotarget: location ?? details.geotarget,
    devicetarget: device ?? details.devicetarget,
    languagetarget: language ?? details.languagetarget,
    ...statsRecord(answer.data),
  });
}

/**
 * The `data` of a detail answer (a link's or a QR code's) under the record's names: clicks,
 * uniqueclicks, then countries, referrers, browsers, os, social (name -> count), then the rest.
 */
export function statsRecord(data: unknown): Row {
  const { clicks, uniqueClicks, uniqueclicks, ...rest } = isObject(data) ? data : {};
  const stats: Row = {};
  for (const field of LINK_STATS_FIELDS) {
    const source = STATS_SOURCES[field];
    if (source in rest) stats[field] = tally(rest[source]);
    delete rest[source];
  }
  return dropUndefined({ clicks, uniqueclicks: uniqueClicks ?? uniqueclicks, ...stats, ...rest });
}

/** A `top*` value: name -> count (counts as numbers; servers send 0 instead of an empty object). */
function tally(value: unknown): Row {
  if (!isObject(value)) return {};
  const out: Row = {};
  for (const [name, count] of Object.entries(value))
    out[name] = typeof count === 'string' && /^\d+$/.test(count) ? Number(count) : count;
  return out;
}

function dropUndefined(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}

const ORDER: readonly string[] = [...LINK_FIELDS, ...LINK_SETTING_FIELDS, ...LINK_SERVER_FIELDS, ...LINK_STATS_FIELDS];

function ordered(facts: Row): Row {
  const out: Row = {};
  for (const key of ORDER) if (facts[key] !== undefined) out[key] = facts[key];
  for (const [key, value] of Object.entries(facts)) if (!(key in out) && value !== undefined) out[key] = value;
  return out;
}

/**
 * The branded domain a link is on, for `domain` on re-import: the short URL without its alias
 * (`https://go.example.com/spring` -> `https://go.example.com`), or '' when that is the service's
 * own base URL (the configured one; scheme and case do not matter). Without a short URL, the list
 * answer's own `domain` (some servers send one) under the same rule.
 */
export function brandedDomain(item: Row, baseUrl?: string): string {
  const shorturl = typeof item.shorturl === 'string' ? item.shorturl : '';
  const alias = typeof item.alias === 'string' ? item.alias : '';
  let prefix = typeof item.domain === 'string' ? item.domain.replace(/\/+$/, '') : '';
  if (shorturl && alias && shorturl.endsWith(`/${alias}`)) prefix = shorturl.slice(0, -alias.length - 1);
  if (prefix === '' || (baseUrl !== undefined && sameLocation(prefix, baseUrl))) return '';
  return prefix;
}

function sameLocation(a: string, b: string): boolean {
  const key = (text: string) => {
    try {
      const url = new URL(text);
      return `${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase();
    } catch {
      return text.toLowerCase();
    }
  };
  return key(a) === key(b);
}
