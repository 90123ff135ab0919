// A link named by id, alias or short URL, turned into what the API needs: its id. An id costs
// nothing; a short URL one lookup (GET /urls?short=), whose answer is the link's detail, so
// `urls get` and `urls update` need no second request; an alias one lookup per place it may be:
// the profile's domain, the service's own, then (GET /domains) each other branded domain.
import { LISTS } from '../api/lists.js';
import type { ModernApi } from '../api/modern.js';
import { BULK_PAGE_SIZE, paginate, parsePage } from '../api/paginate.js';
import type { Context } from '../context.js';
import { ApiError, isItemFailure, UsageError } from '../errors.js';
import type { LinkRef } from '../input/link-ref.js';
import type { Row } from '../output/fields.js';
import { profileDomain } from '../input/domain.js';
import type { Settings } from '../settings/types.js';
import { brandedOrigins } from '../bulk/engine/read/account-domains.js';

export interface ResolvedLink {
  id: number;
  /** The detail (GET /url/:id shape) when the lookup answered with it. */
  detail?: Row;
}

type ListPage = { data?: Record<string, unknown> };

/** The links of a page of the list, under its collection key; undefined when the answer holds no list. */
const linksOf = (answer: ListPage) =>
  LISTS.urls.keys.map((key) => answer.data?.[key]).find((value) => Array.isArray(value)) as Row[] | undefined;

/**
 * The short URLs an alias may stand for, in the order they are tried: on the profile's default
 * domain first when it has one (where `urls add` puts links), then on the service's own.
 */
function aliasUrls(alias: string, settings: Settings): string[] {
  const own = (settings.baseUrl ?? '').replace(/\/+$/, '');
  const branded = profileDomain(settings.domain)?.url;
  return [...new Set([...(branded ? [branded] : []), own])].map((base) => `${base}/${alias}`);
}

function describe(ref: LinkRef): string {
  return ref.kind === 'alias'
    ? `with the alias "${ref.alias}"`
    : ref.kind === 'shorturl'
      ? `with the short URL ${ref.shorturl}`
      : `${ref.id}`;
}

const sameShortUrl = (a: unknown, b: string) =>
  typeof a === 'string' && a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

type Lookup = ResolvedLink | { missing: string /** the whole list was searched */; listRead?: boolean };

/**
 * The lookup of one short URL. A server that knows `short` answers with the detail, or an error
 * when no link has it (its reason is returned); one that ignores `short` sends the first page of
 * the list. That page is searched, then, when there are more, the whole list in large pages (as
 * `urls export` reads it) until the link turns up: a link is not "missing" because it is old.
 */
async function lookup(
  api: ModernApi,
  ref: Exclude<LinkRef, { kind: 'id' }>,
  short: string,
  debug: (line: string) => void,
): Promise<Lookup> {
  let answer: Row & ListPage;
  try {
    answer = await api.call<Row & ListPage>('GET', LISTS.urls.path, { query: { short } });
  } catch (err) {
    if (!isItemFailure(err)) throw err;
    return { missing: err.message };
  }
  const details = answer.details as Row | undefined;
  const detailId = answer.id ?? details?.id;
  if (details && typeof detailId === 'number') return { id: detailId, detail: answer };
  const matches = (item: Row) =>
    sameShortUrl(item.shorturl, short) || (ref.kind === 'alias' && item.alias === ref.alias);
  const found = (items: Row[]): ResolvedLink | undefined => {
    const match = items.find(matches);
    return match && typeof match.id === 'number' ? { id: match.id } : undefined;
  };
  const links = linksOf(answer);
  if (!links) return { missing: '' };
  const first = found(links);
  if (first) return first;
  if (parsePage(answer, LISTS.urls.keys, 1).nextpage === undefined) return { missing: '', listRead: true };
  debug(
    `* the server answered GET /urls?short= with a page of the list, not the link: reading the list in pages of ${BULK_PAGE_SIZE} to find ${short}`,
  );
  for await (const page of paginate(api, LISTS.urls.path, {
    keys: LISTS.urls.keys,
    limit: BULK_PAGE_SIZE,
    page: 1,
    all: true,
  })) {
    const match = found(page.items);
    if (match) return match;
  }
  return { missing: '', listRead: true };
}

/** The link's id, looking it up when the reference is not one (an alias: where it may be, in turn). */
export async function resolveLink(ctx: Context, ref: LinkRef): Promise<ResolvedLink> {
  if (ref.kind === 'id') return { id: ref.id };
  const [api, settings] = await Promise.all([ctx.api(), ctx.settings()]);
  const debug = (line: string) => {
    if (settings.debug) ctx.io.stderr.write(`${line}\n`);
  };
  let missing = '';
  let listRead = false;
  const tried = ref.kind === 'shorturl' ? [ref.shorturl] : aliasUrls(ref.alias, settings);
  for (const short of tried) {
    const found = await lookup(api, ref, short, debug);
    if (!('missing' in found)) return found;
    missing = found.missing;
    // The whole list was searched for the alias on every domain: another place finds no more.
    listRead = Boolean(found.listRead);
    if (listRead) break;
  }
  if (ref.kind === 'alias' && !listRead) {
    const elsewhere = await onOtherDomains(api, ref, tried, debug);
    if (elsewhere) return elsewhere;
  }
  throw new ApiError(`no link ${describe(ref)}${missing ? `: ${missing}` : ''}`);
}

/**
 * An alias not found where it is looked for first: looked up on each of the account's other
 * branded domains. Found on one, it is that link; on several, the alias is ambiguous (exit 2,
 * naming their short URLs, which name each one).
 */
async function onOtherDomains(
  api: ModernApi,
  ref: Extract<LinkRef, { kind: 'alias' }>,
  tried: readonly string[],
  debug: (line: string) => void,
): Promise<ResolvedLink | undefined> {
  const done = new Set(tried.map((short) => short.toLowerCase()));
  const candidates = (await brandedOrigins(api, debug))
    .map((origin) => `${origin}/${ref.alias}`)
    .filter((short) => !done.has(short.toLowerCase()));
  const found: { short: string; link: ResolvedLink }[] = [];
  for (const short of [...new Set(candidates)]) {
    const link = await lookup(api, ref, short, debug);
    if (!('missing' in link)) found.push({ short, link });
  }
  if (found.length > 1) {
    throw new UsageError(
      `the alias "${ref.alias}" names ${found.length} links, on different domains: ${found.map((f) => f.short).join(', ')}`,
      'name the link by its short URL or its id',
    );
  }
  return found[0]?.link;
}

/** The ids of several links, each looked up when it is not an id (one request each, once each). */
export async function linkIds(ctx: Context, refs: readonly LinkRef[]): Promise<number[]> {
  const ids: number[] = [];
  const seen = new Map<string, number>();
  for (const ref of refs) {
    const id = seen.get(ref.text) ?? (await resolveLink(ctx, ref)).id;
    seen.set(ref.text, id);
    ids.push(id);
  }
  return ids;
}
