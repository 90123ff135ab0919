// A link named by id, alias or short URL, turned into what the API needs: its id. An id costs
// nothing; a short URL one lookup (GET /urls?short=), whose answer is the link's detail, so
// `urls get` and `urls update` need no second request; an alias one lookup per place it may be.
import type { ModernApi } from '../../api/modern.js';
import { BULK_PAGE_SIZE, paginate, parsePage } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { ApiError, isItemFailure } from '../../errors.js';
import type { LinkRef } from '../../input/link-ref.js';
import type { Row } from '../../output/fields.js';
import { profileDomain } from '../../input/domain.js';
import type { Settings } from '../../settings/types.js';

export interface ResolvedLink {
  id: number;
  /** The detail (GET /url/:id shape) when the lookup answered with it. */
  detail?: Row;
}

type ListPage = { data?: { urls?: Row[] } };

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
    answer = await api.call<Row & ListPage>('GET', '/urls', { query: { short } });
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
  if (!Array.isArray(answer.data?.urls)) return { missing: '' };
  const first = found(answer.data.urls);
  if (first) return first;
  if (parsePage(answer, ['urls'], 1).nextpage === undefined) return { missing: '', listRead: true };
  debug(
    `* the server answered GET /urls?short= with a page of the list, not the link: reading the list in pages of ${BULK_PAGE_SIZE} to find ${short}`,
  );
  for await (const page of paginate(api, '/urls', { keys: ['urls'], limit: BULK_PAGE_SIZE, page: 1, all: true })) {
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
  for (const short of ref.kind === 'shorturl' ? [ref.shorturl] : aliasUrls(ref.alias, settings)) {
    const found = await lookup(api, ref, short, debug);
    if (!('missing' in found)) return found;
    missing = found.missing;
    // The whole list was searched for the alias on every domain: another place finds no more.
    if (found.listRead) break;
  }
  throw new ApiError(
    `no link ${describe(ref)}${missing ? `: ${missing}` : ''}`,
    ref.kind === 'alias' ? { hint: 'a link on another branded domain is named by its short URL' } : undefined,
  );
}

/** The detail of a link (GET /url/:id, or the lookup's answer when that was the detail). */
export async function fetchLinkDetail(ctx: Context, ref: LinkRef): Promise<Row> {
  const resolved = await resolveLink(ctx, ref);
  return resolved.detail ?? (await ctx.api()).call<Row>('GET', `/url/${resolved.id}`);
}
