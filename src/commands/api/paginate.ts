// Follows the pages of a list endpoint for `shorty api --paginate` and merges the collections.
// A small local loop: `api` needs the raw responses (to print an error body as received), which
// a typed page iterator does not give; the rule of a whole read is paginate's (PageGuard).
import { ApiError } from '../../errors.js';
import { isErrorFlag, type HttpResponse, type Query } from '../../api/modern.js';
import { PageGuard } from '../../api/page-guard.js';
import { parsePage } from '../../api/paginate.js';

/** Most pages followed, so a server that always answers `nextpage` cannot loop forever. */
const MAX_PAGES = 10_000;

export async function collectPages(
  fetchPage: (query: Query) => Promise<HttpResponse>,
  path: string,
  onError: (res: HttpResponse) => never,
): Promise<unknown[]> {
  const items: unknown[] = [];
  let page = startPage(path);
  const guard = new PageGuard(`GET ${path.replace(/\?.*$/, '')}`);
  for (let fetched = 0; fetched < MAX_PAGES; fetched += 1) {
    const res = await fetchPage({ page });
    const body = res.json as { error?: unknown; data?: unknown } | undefined;
    if (!body || typeof body !== 'object' || isErrorFlag(body.error) || res.status >= 400) onError(res);
    const data = body.data as Record<string, unknown> | undefined;
    const key = data && typeof data === 'object' ? Object.keys(data).find((k) => Array.isArray(data[k])) : undefined;
    if (key === undefined) {
      throw new ApiError(`--paginate: GET ${path} is not a list endpoint (no array in data)`, {
        hint: 'run it without --paginate',
      });
    }
    const current = parsePage(body as Record<string, unknown>, [key], page);
    guard.page(current, page);
    items.push(...current.items);
    if (current.nextpage === undefined || current.items.length === 0) break;
    page = current.nextpage;
  }
  guard.end();
  return items;
}

function startPage(path: string): number {
  const query = path.includes('?') ? new URLSearchParams(path.slice(path.indexOf('?') + 1)) : undefined;
  const page = Number(query?.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
