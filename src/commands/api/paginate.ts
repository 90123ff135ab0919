// Follows the pages of a list endpoint for `shorty api --paginate` and merges the collections.
// A small local loop: `api` needs the raw responses (to print an error body as received), which
// a typed page iterator does not give.
import { ApiError } from '../../errors.js';
import { isErrorFlag, type HttpResponse, type Query } from '../../api/modern.js';
import { followingPage } from '../../api/paginate.js';

/** Most pages followed, so a server that always answers `nextpage` cannot loop forever. */
const MAX_PAGES = 10_000;

export async function collectPages(
  fetchPage: (query: Query) => Promise<HttpResponse>,
  path: string,
  onError: (res: HttpResponse) => never,
): Promise<unknown[]> {
  const items: unknown[] = [];
  let page = startPage(path);
  for (let fetched = 0; fetched < MAX_PAGES; fetched += 1) {
    const res = await fetchPage({ page });
    const body = res.json as { error?: unknown; data?: unknown } | undefined;
    if (!body || typeof body !== 'object' || isErrorFlag(body.error) || res.status >= 400) onError(res);
    const data = body.data as Record<string, unknown> | undefined;
    const collection = data && typeof data === 'object' ? Object.values(data).find(Array.isArray) : undefined;
    if (!collection) {
      throw new ApiError(`--paginate: GET ${path} is not a list endpoint (no array in data)`, {
        hint: 'run it without --paginate',
      });
    }
    items.push(...collection);
    const next = followingPage(data!, page);
    if (next === undefined || collection.length === 0) return items;
    page = next;
  }
  return items;
}

function startPage(path: string): number {
  const query = path.includes('?') ? new URLSearchParams(path.slice(path.indexOf('?') + 1)) : undefined;
  const page = Number(query?.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
