// A link named by id, alias or short URL, turned into what the API needs: its id. An id costs
// nothing; a short URL one lookup (GET /urls?short=), whose answer is the link's detail, so
// `urls get` and `urls update` need no second request; an alias one lookup per place it may be.
import type { ModernApi } from '../../api/modern.js';
import type { Context } from '../../context.js';
import { ApiError, UnusableResponseError } from '../../errors.js';
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
  return ref.kind === 'alias' ? `with the alias "${ref.alias}"` : ref.kind === 'shorturl' ? `with the short URL ${ref.shorturl}` : `${ref.id}`;
}

const sameShortUrl = (a: unknown, b: string) =>
  typeof a === 'string' && a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/**
 * The lookup of one short URL. A server that knows `short` answers with the detail, or an error
 * when no link has it (its reason is returned); one that ignores `short` sends a page of the
 * list, searched for the link.
 */
async function lookup(api: ModernApi, ref: Exclude<LinkRef, { kind: 'id' }>, short: string): Promise<ResolvedLink | { missing: string }> {
  let answer: Row & ListPage;
  try {
    answer = await api.call<Row & ListPage>('GET', '/urls', { query: { short } });
  } catch (err) {
    if (!(err instanceof ApiError) || err instanceof UnusableResponseError) throw err;
    return { missing: err.message };
  }
  const details = answer.details as Row | undefined;
  const detailId = answer.id ?? details?.id;
  if (details && typeof detailId === 'number') return { id: detailId, detail: answer };
  const items = Array.isArray(answer.data?.urls) ? answer.data.urls : [];
  const match = items.find((item) => sameShortUrl(item.shorturl, short) || (ref.kind === 'alias' && item.alias === ref.alias));
  if (match && typeof match.id === 'number') return { id: match.id };
  return { missing: '' };
}

/** The link's id, looking it up when the reference is not one (an alias: where it may be, in turn). */
export async function resolveLink(ctx: Context, ref: LinkRef): Promise<ResolvedLink> {
  if (ref.kind === 'id') return { id: ref.id };
  const [api, settings] = await Promise.all([ctx.api(), ctx.settings()]);
  let missing = '';
  for (const short of ref.kind === 'shorturl' ? [ref.shorturl] : aliasUrls(ref.alias, settings)) {
    const found = await lookup(api, ref, short);
    if (!('missing' in found)) return found;
    missing = found.missing;
  }
  throw new ApiError(`no link ${describe(ref)}${missing ? `: ${missing}` : ''}`,
    ref.kind === 'alias' ? { hint: 'a link on another branded domain is named by its short URL' } : undefined);
}

/** The detail of a link (GET /url/:id, or the lookup's answer when that was the detail). */
export async function fetchLinkDetail(ctx: Context, ref: LinkRef): Promise<Row> {
  const resolved = await resolveLink(ctx, ref);
  return resolved.detail ?? (await ctx.api()).call<Row>('GET', `/url/${resolved.id}`);
}
