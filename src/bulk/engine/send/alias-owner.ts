import type { ModernApi } from '../../../api/modern.js';
import { brandedOrigins, shortLinkOrigins } from '../read/account-domains.js';
import { ApiError, UnusableResponseError } from '../../../errors.js';
import { profileDomain } from '../../../input/domain.js';
import type { LinkBody } from '../../../input/link-body.js';
import { LISTS } from '../../../api/lists.js';
import { sameUrl } from '../../../util/same-url.js';
import { shortUrlOf } from '../../../util/short-url.js';

/**
 * What an alias on the server is: free, a link to the row's long URL, or a link elsewhere (`at`:
 * the short URL it has on another of the account's domains than the row's).
 */
export type AliasOwner =
  | { kind: 'free' }
  | { kind: 'same' }
  | { kind: 'other'; longurl: string; at?: string }
  | { kind: 'unknown' };

/** Where the account may hold an alias. */
interface Places {
  /** Every origin: the service's own, the profile's domain, its branded domains. */
  origins: readonly string[];
  /**
   * The service's own: the base URL, and where the server's answers put the links of no branded
   * domain (a short domain of its own, or the service behind an API gateway). An alias there is
   * where a row for the base URL puts it.
   */
  own: readonly string[];
}

/** The places of a run, read once. */
export type AliasPlaces = () => Promise<Places>;

/**
 * The places of one run: the service's own and the profile's domain, where the account's links
 * are (one page of GET /urls), then its branded domains (GET /domains); read the first time an
 * alias is free where the row puts it.
 */
export function accountAliasPlaces(
  api: ModernApi,
  settings: { baseUrl?: string; domain?: string },
  debug: (line: string) => void,
): AliasPlaces {
  let places: Promise<Places> | undefined;
  const read = async (): Promise<Places> => {
    const base = settings.baseUrl?.replace(/\/+$/, '');
    const linked = await shortLinkOrigins(api, debug);
    const branded = await brandedOrigins(api, debug);
    const brandedKeys = new Set(branded.map(originKey));
    const own = [base, ...linked.filter((o) => !brandedKeys.has(originKey(o)))].filter((o): o is string => Boolean(o));
    const origins = [profileDomain(settings.domain)?.url, ...own, ...branded].filter((o): o is string => Boolean(o));
    return { origins, own };
  };
  return () => {
    if (places) return places;
    const reading = read();
    places = reading;
    // A listing cut short by an outage is asked again by the next alias, not remembered as failed.
    reading.catch(() => {
      if (places === reading) places = undefined;
    });
    return reading;
  };
}

/** The short URL a row's custom alias makes: on the row's domain, else the default domain, else the service's own. */
function aliasShortUrl(body: Pick<LinkBody, 'custom' | 'domain'>, fallbackDomain: string): string {
  return shortUrlOf(body.domain ?? fallbackDomain, body.custom ?? '');
}

/**
 * Whom a row's alias belongs to. `--if-exists skip` skips only the same link: an alias that already
 * leads to the row's long URL where the row puts it. One that leads elsewhere is a conflict the
 * user must see, and one whose target the server does not say (a server that ignores `short` and
 * lists a page without it) is not taken for the same link. The server refuses an alias the account
 * holds on any of its domains, so one free where the row puts it is looked up on the others too
 * (one lookup per place, GET /urls?short=): held there, it is a conflict, whatever it leads to.
 */
export async function aliasOwner(
  api: ModernApi,
  body: LinkBody,
  fallbackDomain: string,
  places?: AliasPlaces,
): Promise<AliasOwner> {
  const short = aliasShortUrl(body, fallbackDomain);
  const here = await ownerAt(api, body, short);
  if (here.kind !== 'free' || !places) return here;
  const tried = new Set([placeKey(short)]);
  const { origins, own } = await places();
  const ownKeys = new Set(own.map(originKey));
  const rowsPlace = aliasPlace(body, fallbackDomain);
  for (const origin of origins) {
    const elsewhere = shortUrlOf(origin, body.custom ?? '');
    if (tried.has(placeKey(elsewhere))) continue;
    tried.add(placeKey(elsewhere));
    const there = await ownerAt(api, body, elsewhere);
    // The service's own short links are one place whatever origin its answers give them.
    const samePlace = ownKeys.has(rowsPlace) && ownKeys.has(originKey(origin));
    if (there.kind === 'same') return samePlace ? there : { kind: 'other', longurl: body.url, at: elsewhere };
    if (there.kind === 'other') return { ...there, at: elsewhere };
    if (there.kind === 'unknown') return there;
  }
  return here;
}

/** Where a row's alias goes (its origin, as a key): rows are counted by it to state what their lookups cost. */
export function aliasPlace(body: Pick<LinkBody, 'custom' | 'domain'>, fallbackDomain: string): string {
  return placeKey(aliasShortUrl({ ...body, custom: '' }, fallbackDomain));
}

/** The most lookups rows with an alias cost (`rows`: how many go to each place): theirs, then every other place. */
export async function mostLookups(places: AliasPlaces, rows: ReadonlyMap<string, number>): Promise<number> {
  const all = new Set((await places()).origins.map(originKey));
  let most = 0;
  for (const [place, n] of rows) most += n * (1 + all.size - (all.has(place) ? 1 : 0));
  return most;
}

const placeKey = (url: string) => url.replace(/\/+$/, '').toLowerCase();
const originKey = (origin: string) => placeKey(`${origin}/`);

/** The owner of the alias at one short URL, by one lookup (GET /urls?short=). */
async function ownerAt(api: ModernApi, body: LinkBody, short: string): Promise<AliasOwner> {
  let answer: Record<string, unknown>;
  try {
    answer = await api.call<Record<string, unknown>>('GET', LISTS.urls.path, { query: { short } });
  } catch (err) {
    // "Link does not exist.": the alias is free. Anything else is the run's to handle.
    if (err instanceof ApiError && !(err instanceof UnusableResponseError) && (err.status ?? 400) < 500)
      return { kind: 'free' };
    throw err;
  }
  const longurl = targetOf(answer, body.custom!, short);
  if (longurl === undefined) return { kind: 'unknown' };
  return sameUrl(longurl, body.url) ? { kind: 'same' } : { kind: 'other', longurl };
}

/** The long URL of the detail answer, or of the item with this alias on a list page. */
function targetOf(answer: Record<string, unknown>, alias: string, short: string): string | undefined {
  const details = answer.details as Record<string, unknown> | undefined;
  if (details && typeof details === 'object') return stringOr(details.longurl);
  const urls = (answer.data as { urls?: unknown } | undefined)?.urls;
  if (!Array.isArray(urls)) return undefined;
  const item = urls.find(
    (u): u is Record<string, unknown> =>
      u !== null && typeof u === 'object' && (u.alias === alias || sameUrl(stringOr(u.shorturl), short)),
  );
  return item ? stringOr(item.longurl) : undefined;
}

const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The row error of an alias that leads elsewhere, or is held on another domain. */
export function conflictError(alias: string, owner: { longurl: string; at?: string }): string {
  return owner.at
    ? `conflict: "${alias}" is taken by ${owner.at}, which points at ${owner.longurl}`
    : `conflict: "${alias}" points at ${owner.longurl}`;
}
