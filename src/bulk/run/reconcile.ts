import { checkBody, type ModernApi } from '../../api/modern.js';
import { ApiError } from '../../errors.js';
import type { LinkBody } from '../../input/link-body.js';
import type { SentFields } from '../journal.js';

/** How many of the newest links a lookup reads: one request, more than a window of rows in flight. */
export const LOOKBACK = 20;

/**
 * How much earlier than the send (by the server's clock) a link may be dated and still be the one
 * it made. Dates have whole seconds, and the server's clock is known to the second at best (its
 * HTTP `Date`); without a `Date` header the two clocks are only trusted to within two minutes.
 */
export const SKEW_MS = 5_000;
export const UNKNOWN_SKEW_MS = 120_000;

export interface FoundLink {
  id: number | string;
  shorturl?: string;
}

export interface LookupContext {
  api: ModernApi;
  /** The base URL, whose host names links without a domain of their own. */
  baseUrl: string;
  now(): number;
  /** Ids this run already accounts for (created, or existing before it): never taken again. */
  claimed: ReadonlySet<string>;
}

/** The fields of a body that a lookup compares; never the password. */
export function sentFields(body: LinkBody): SentFields {
  const { url, custom, domain, metatitle, metadescription } = body;
  return { url, custom, domain, metatitle, metadescription };
}

/**
 * Did the server make this link although its answer never reached us? With a custom alias, the
 * alias is looked up (GET /urls?short=); without one, the newest links are read (one request,
 * GET /urls?order=date&limit=20). A link matches when its long URL, alias, title and description
 * are the ones sent, it is dated no earlier than the send (less the clock skew, SKEW_MS), and no
 * row of this run accounts for it already.
 */
export async function findCreated(
  look: LookupContext,
  sent: SentFields,
  sentAt: number,
): Promise<FoundLink | undefined> {
  const query = sent.custom ? { short: shortUrlOf(look.baseUrl, sent) } : { order: 'date', limit: LOOKBACK };
  const res = await look.api.send('GET', '/urls', { query });
  let body: Record<string, unknown>;
  try {
    body = checkBody(res);
  } catch (err) {
    // "Link does not exist." (or any refusal of the lookup itself): the link was not made.
    if (err instanceof ApiError && (err.status === undefined || err.status < 500)) return undefined;
    throw err;
  }
  const since = sentAt + serverOffset(res.headers.date, look.now()) - (res.headers.date ? SKEW_MS : UNKNOWN_SKEW_MS);
  const matches = candidates(body).filter(
    (link) => matchesSent(link, sent) && !look.claimed.has(String(link.id)) && createdSince(link.date, since),
  );
  // Newest first: the last match is the one closest to the send.
  const found = matches.at(-1);
  return found
    ? { id: found.id as number | string, shorturl: typeof found.shorturl === 'string' ? found.shorturl : undefined }
    : undefined;
}

type Candidate = Record<string, unknown> & { id: unknown };

/** The detail answer of `short=` (one link), or the list page (a server that ignores `short`). */
function candidates(body: Record<string, unknown>): Candidate[] {
  const details = body.details as Record<string, unknown> | undefined;
  if (details && typeof details === 'object') {
    return [{ ...details, id: body.id ?? details.id, alias: undefined }];
  }
  const urls = (body.data as { urls?: unknown } | undefined)?.urls;
  return Array.isArray(urls)
    ? urls.filter(
        (u): u is Candidate =>
          u !== null && typeof u === 'object' && (typeof u.id === 'number' || typeof u.id === 'string'),
      )
    : [];
}

function matchesSent(link: Candidate, sent: SentFields): boolean {
  if (!sameUrl(link.longurl, sent.url)) return false;
  // The detail answer has no alias: the lookup by the alias itself has matched it.
  if (sent.custom !== undefined && link.alias !== undefined && link.alias !== sent.custom) return false;
  if (sent.metatitle && link.title !== undefined && link.title !== sent.metatitle) return false;
  if (sent.metadescription && link.description !== undefined && link.description !== sent.metadescription) return false;
  return true;
}

function sameUrl(got: unknown, sent: string): boolean {
  if (typeof got !== 'string') return false;
  if (got === sent) return true;
  try {
    return new URL(got).href === new URL(sent).href;
  } catch {
    return false;
  }
}

/** `yyyy-mm-dd hh:mm:ss` (UTC, the service's format) or ISO 8601; an undated link never matches. */
function createdSince(date: unknown, since: number): boolean {
  if (typeof date !== 'string') return false;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(date) ? `${date.replace(' ', 'T')}Z` : date;
  const at = Date.parse(iso);
  // The date has whole seconds: a link made during the second of the send is dated before it.
  return Number.isFinite(at) && at + 999 >= since;
}

/** The server's clock minus ours, from its HTTP `Date` (0 without one). */
function serverOffset(date: string | undefined, now: number): number {
  const at = date ? Date.parse(date) : NaN;
  return Number.isFinite(at) ? at - now : 0;
}

/** The short URL a custom alias would have: on its domain, or the service's own. */
function shortUrlOf(baseUrl: string, sent: SentFields): string {
  const domain = sent.domain ? (/^https?:\/\//i.test(sent.domain) ? sent.domain : `https://${sent.domain}`) : baseUrl;
  return `${domain.replace(/\/+$/, '')}/${sent.custom}`;
}
