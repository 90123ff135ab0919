// Follows the pages of a list endpoint for `shorty api --paginate`, handing each page's items on
// as it comes (nothing is kept but the guard's one key an item). A small local loop: `api` needs
// the raw responses (to print an error body as received), which a typed page iterator does not
// give; the rule of a whole read is paginate's (PageGuard), which also makes the loop end.
import { ApiError } from '../../errors.js';
import { isErrorFlag, type HttpResponse, type Query } from '../../api/modern.js';
import { PageGuard } from '../../api/page-guard.js';
import { parsePage } from '../../api/paginate.js';

export interface PageFollower {
  fetchPage(query: Query): Promise<HttpResponse>;
  /** An answer that is an error: prints it, throws. */
  onError(res: HttpResponse): never;
  onItems(items: unknown[]): void;
  /** Resolves once the items handed on were taken (backpressure), false when they no longer are wanted. */
  wanted(): Promise<boolean>;
}

export async function followPages(path: string, follower: PageFollower): Promise<void> {
  let page = startPage(path);
  const guard = new PageGuard(`GET ${path.replace(/\?.*$/, '')}`);
  for (;;) {
    const res = await follower.fetchPage({ page });
    const body = res.json as { error?: unknown; data?: unknown } | undefined;
    if (!body || typeof body !== 'object' || isErrorFlag(body.error) || res.status >= 400) follower.onError(res);
    const data = body.data as Record<string, unknown> | undefined;
    const key = data && typeof data === 'object' ? Object.keys(data).find((k) => Array.isArray(data[k])) : undefined;
    if (key === undefined) {
      throw new ApiError(`--paginate: GET ${path} is not a list endpoint (no array in data)`, {
        hint: 'run it without --paginate',
      });
    }
    const current = parsePage(body as Record<string, unknown>, [key], page);
    guard.page(current, page);
    follower.onItems(current.items);
    if (current.nextpage === undefined || current.items.length === 0) return guard.end();
    page = current.nextpage;
    guard.next(page);
    if (!(await follower.wanted())) return;
  }
}

function startPage(path: string): number {
  const query = path.includes('?') ? new URLSearchParams(path.slice(path.indexOf('?') + 1)) : undefined;
  const page = Number(query?.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
