import type { ModernApi } from '../../../api/modern.js';
import { brandedOrigins } from '../read/account-domains.js';
import { ApiError, UnusableResponseError } from '../../../errors.js';
import { profileDomain } from '../../../input/domain.js';
import type { LinkBody } from '../../../input/link-body.js';
import { LISTS } from '../../../api/lists.js';
import { sameUrl } from '../../../util/same-url.js';

/**
 * What an alias on the server is: free, a link to the row's long URL, or a link elsewhere (`at`:
 * the short URL it has on another of the account's domains than the row's).
 */
export type AliasOwner =
  | { kind: 'free' }
  | { kind: 'same' }
  | { kind: 'other'; longurl: string; at?: string }
  | { kind: 'unknown' };

/** The origins where the account may hold an alias (its own, the profile's domain, its branded domains); read once. */
export type AliasPlaces = () => Promise<readonly string[]>;

/**
 * The places of one run: the service's own and the profile's domain, then the account's branded
 * domains (GET /domains, asked the first time an alias is free where the row puts it).
 */
export function accountAliasPlaces(
  api: ModernApi,
  settings: { baseUrl?: string; domain?: string },
  debug: (line: string) => void,
): AliasPlaces {
  let places: Promise<readonly string[]> | undefined;
  const read = async () => {
    const known = [profileDomain(settings.domain)?.url, settings.baseUrl?.replace(/\/+$/, '')];
    return [...known, ...(await brandedOrigins(api, debug))].filter((o): o is string => Boolean(o));
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
  const domain = body.domain ?? fallbackDomain;
  const place = /^https?:\/\//i.test(domain) ? domain : `https://${domain}`;
  return `${place.replace(/\/+$/, '')}/${body.custom}`;
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
  for (const origin of await places()) {
    const elsewhere = `${origin}/${body.custom}`;
    if (tried.has(placeKey(elsewhere))) continue;
    tried.add(placeKey(elsewhere));
    const there = await ownerAt(api, body, elsewhere);
    if (there.kind === 'same') return { kind: 'other', longurl: body.url, at: elsewhere };
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
  const all = new Set((await places()).map((origin) => placeKey(`${origin}/`)));
  let most = 0;
  for (const [place, n] of rows) most += n * (1 + all.size - (all.has(place) ? 1 : 0));
  return most;
}

const placeKey = (url: string) => url.replace(/\/+$/, '').toLowerCase();

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
