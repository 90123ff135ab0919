import { checkBody, type ModernApi } from '../../../api/modern.js';
import { parsePage } from '../../../api/paginate.js';
import { ApiError, UnusableResponseError } from '../../../errors.js';
import type { LinkBody } from '../../../input/link-body.js';
import type { SentFields } from '../journal/journal.js';
import { LISTS } from '../../../api/lists.js';
import { sameUrl } from '../../../util/same-url.js';
import { shortUrlOf } from '../../../util/short-url.js';

/** Links per page when the newest links are read back to the send (one request each). */
const LOOKUP_PAGE = 100;
/** Past this many pages the lookup gives up and says it cannot tell. */
const LOOKUP_PAGES = 20;

/**
 * How much earlier than the send (by the server's clock) a link may be dated and still be the one
 * it made. Dates have whole seconds, and the server's clock is known to the second at best (its
 * HTTP `Date`); without a `Date` header the two clocks are only trusted to within two minutes.
 */
const SKEW_MS = 5_000;
const UNKNOWN_SKEW_MS = 120_000;

interface FoundLink {
  id: number | string;
  shorturl?: string;
}

/** What a lookup after a lost answer concluded: the link, none (certain), or that it cannot tell. */
export type Lookup = { kind: 'found'; link: FoundLink } | { kind: 'absent' } | { kind: 'undecided'; why: string };

export interface LookupContext {
  api: ModernApi;
  /** The base URL, whose host names links without a domain of their own. */
  baseUrl: string;
  now(): number;
  /** Ids this run already accounts for (created, or existing before it): never taken again. */
  claimed: ReadonlySet<string>;
  /** How long after a try was sent the server may still carry it out: the request timeout. */
  answerMs: number;
}

/**
 * When the tries of one create went out, by this machine's clock: the first, the last, and when
 * the last ended without an answer (unknown for a run killed during it: the request timeout then
 * bounds it).
 */
export interface SendTimes {
  first: number;
  last: number;
  end?: number;
}

/** The fields of a body that a lookup compares; never the password. */
export function sentFields(body: LinkBody): SentFields {
  const { url, custom, domain, metatitle, metadescription } = body;
  return { url, custom, domain, metatitle, metadescription };
}

/**
 * Did the server make this link although its answer never reached us? Only a link made while the
 * create was on the wire can be its: dated between the first send and the end of the last try
 * (server clock, less/plus the skew; a try whose end is unknown lasts the request timeout). With
 * a custom alias, the alias is looked up (GET /urls?short=): the link must have the long URL (title,
 * description) sent. Without one, the newest links are read page by page (GET /urls?order=date)
 * back to links older than the first send; a link must match what was sent, no row may account for
 * it already, and it must be the only such link. Two candidates, or a list that cannot be read back
 * far enough, is `undecided`: left to the user, never guessed. A link found is known by what it
 * holds and when it was made, not by an answer: someone else may have made the same link in that
 * window, so the caller adopts it (see journal.ts) rather than counting it as made.
 */
export async function findCreated(look: LookupContext, sent: SentFields, times: SendTimes): Promise<Lookup> {
  return sent.custom ? findByAlias(look, sent, times) : findByDate(look, sent, times);
}

async function findByAlias(look: LookupContext, sent: SentFields, times: SendTimes): Promise<Lookup> {
  const res = await look.api.send('GET', LISTS.urls.path, {
    query: { short: shortUrlOf(sent.domain || look.baseUrl, sent.custom ?? '') },
  });
  let body: Record<string, unknown>;
  try {
    body = checkBody(res);
  } catch (err) {
    // "Link does not exist." (or any refusal of the lookup itself): the link was not made.
    if (
      err instanceof ApiError &&
      !(err instanceof UnusableResponseError) &&
      (err.status === undefined || err.status < 500)
    )
      return { kind: 'absent' };
    throw err;
  }
  const window = serverWindow(res.headers.date, look, times);
  const found = candidates(body).find(
    (link) => matchesSent(link, sent) && !look.claimed.has(String(link.id)) && inWindow(datedAt(link.date), window),
  );
  return found ? { kind: 'found', link: foundLink(found) } : { kind: 'absent' };
}

async function findByDate(look: LookupContext, sent: SentFields, times: SendTimes): Promise<Lookup> {
  const matches: Candidate[] = [];
  for (let page = 1; page <= LOOKUP_PAGES; page++) {
    const res = await look.api.send('GET', LISTS.urls.path, { query: { order: 'date', limit: LOOKUP_PAGE, page } });
    const listed = parsePage(checkBody(res), LISTS.urls.keys, page, `GET ${LISTS.urls.path}`);
    if (listed.page !== page) return { kind: 'undecided', why: 'the server does not page its link list' };
    const window = serverWindow(res.headers.date, look, times);
    const links = candidates(listed.body);
    for (const link of links) {
      if (inWindow(datedAt(link.date), window) && matchesSent(link, sent) && !look.claimed.has(String(link.id)))
        matches.push(link);
    }
    const oldest = links.length > 0 ? datedAt(links[links.length - 1].date) : Number.NEGATIVE_INFINITY;
    if (oldest + 999 < window.since || listed.nextpage === undefined || links.length === 0) return verdict(matches);
  }
  return { kind: 'undecided', why: `more than ${LOOKUP_PAGES * LOOKUP_PAGE} links were made since it was sent` };
}

function verdict(matches: Candidate[]): Lookup {
  if (matches.length === 0) return { kind: 'absent' };
  if (matches.length === 1) return { kind: 'found', link: foundLink(matches[0]) };
  return {
    kind: 'undecided',
    why: `${matches.length} links with its long URL were made while it was sent (ids ${matches.map((m) => m.id).join(', ')})`,
  };
}

function foundLink(link: Candidate): FoundLink {
  return { id: link.id as number | string, shorturl: typeof link.shorturl === 'string' ? link.shorturl : undefined };
}

interface Window {
  since: number;
  until: number;
}

/** The send's window by the server's clock: from the first send (less the skew) to the last try's end (plus it). */
function serverWindow(date: string | undefined, look: LookupContext, times: SendTimes): Window {
  const offset = serverOffset(date, look.now());
  const skew = date ? SKEW_MS : UNKNOWN_SKEW_MS;
  const end = times.end ?? times.last + look.answerMs;
  return { since: times.first + offset - skew, until: end + offset + skew };
}

/** Dates have whole seconds: a link made during the second of the send is dated before it. */
function inWindow(at: number, window: Window): boolean {
  return at + 999 >= window.since && at <= window.until;
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

/** `yyyy-mm-dd hh:mm:ss` (UTC, the service's format) or ISO 8601, in ms; NaN for an undated link (never matched). */
function datedAt(date: unknown): number {
  if (typeof date !== 'string') return Number.NaN;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(date) ? `${date.replace(' ', 'T')}Z` : date;
  return Date.parse(iso);
}

/** The server's clock minus ours, from its HTTP `Date` (0 without one). */
function serverOffset(date: string | undefined, now: number): number {
  const at = date ? Date.parse(date) : NaN;
  return Number.isFinite(at) ? at - now : 0;
}
