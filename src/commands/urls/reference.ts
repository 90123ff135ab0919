// A link named by id, alias or short URL, turned into what the API needs: its id. An id costs
// nothing; an alias or a short URL costs one lookup (GET /urls?short=), whose answer is the
// link's detail, so `urls get` and `urls update` need no second request.
import type { ModernApi } from '../../api/modern.js';
import type { Context } from '../../context.js';
import { ApiError, UnusableResponseError } from '../../errors.js';
import type { LinkRef } from '../../input/link-ref.js';
import type { Row } from '../../output/fields.js';

export interface ResolvedLink {
  id: number;
  /** The detail (GET /url/:id shape) when the lookup answered with it. */
  detail?: Row;
}

type ListPage = { data?: { urls?: Row[] } };

/** The short URL to look up: as given, or an alias on the service's own domain. */
export function lookupUrl(ref: Exclude<LinkRef, { kind: 'id' }>, baseUrl: string): string {
  return ref.kind === 'shorturl' ? ref.shorturl : `${baseUrl.replace(/\/+$/, '')}/${ref.alias}`;
}

function describe(ref: LinkRef): string {
  return ref.kind === 'alias' ? `with the alias "${ref.alias}"` : ref.kind === 'shorturl' ? `with the short URL ${ref.shorturl}` : `${ref.id}`;
}

const sameShortUrl = (a: unknown, b: string) =>
  typeof a === 'string' && a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/**
 * The lookup. A server that knows `short` answers with the detail, or an error when no link has
 * it; one that ignores `short` sends a page of the list, searched for the link.
 */
async function lookup(api: ModernApi, ref: Exclude<LinkRef, { kind: 'id' }>, short: string): Promise<ResolvedLink> {
  let answer: Row & ListPage;
  try {
    answer = await api.call<Row & ListPage>('GET', '/urls', { query: { short } });
  } catch (err) {
    if (!(err instanceof ApiError) || err instanceof UnusableResponseError) throw err;
    throw new ApiError(`no link ${describe(ref)}: ${err.message}`);
  }
  const details = answer.details as Row | undefined;
  const detailId = answer.id ?? details?.id;
  if (details && typeof detailId === 'number') return { id: detailId, detail: answer };
  const items = Array.isArray(answer.data?.urls) ? answer.data.urls : [];
  const match = items.find((item) => sameShortUrl(item.shorturl, short) || (ref.kind === 'alias' && item.alias === ref.alias));
  if (match && typeof match.id === 'number') return { id: match.id };
  throw new ApiError(`no link ${describe(ref)}`);
}

/** The link's id, looking it up when the reference is not one. */
export async function resolveLink(ctx: Context, ref: LinkRef): Promise<ResolvedLink> {
  if (ref.kind === 'id') return { id: ref.id };
  const [api, { baseUrl }] = await Promise.all([ctx.api(), ctx.settings()]);
  return lookup(api, ref, lookupUrl(ref, baseUrl ?? ''));
}

/** The detail of a link (GET /url/:id, or the lookup's answer when that was the detail). */
export async function fetchLinkDetail(ctx: Context, ref: LinkRef): Promise<Row> {
  const resolved = await resolveLink(ctx, ref);
  return resolved.detail ?? (await ctx.api()).call<Row>('GET', `/url/${resolved.id}`);
}
