import { UnusableResponseError } from '../errors.js';
import type { ModernApi, Query } from './modern.js';
import { PageGuard } from './page-guard.js';

export type Item = Record<string, unknown>;

/**
 * The page size asked for when every page is wanted (`urls export`, `list --all`): each request
 * costs one slot of the rate limit whatever its size, and the server sets no maximum.
 */
export const BULK_PAGE_SIZE = 500;

/** One page of a list endpoint, with the envelope's numbers made sane. */
export interface Page {
  items: Item[];
  page: number;
  /** undefined on the last page. */
  nextpage?: number;
  maxpage: number;
  total: number;
  perpage: number;
  /** `result` and `maxpage` as the envelope gave them (the numbers above fill in what it left out). */
  stated: { total?: number; maxpage?: number };
  /** The whole JSON body, for `shorty api --paginate`. */
  body: Record<string, unknown>;
}

export interface PaginateOptions {
  /** The collection key, then accepted fallbacks (servers disagree: `cta` or `overlay`). */
  keys: string[];
  query?: Query;
  limit?: number;
  /** The first page to fetch (default: the server's first). */
  page?: number;
  /** Follow `nextpage` to the last page; otherwise stop after one page. */
  all?: boolean;
  /** What the list holds, as an error names it (`2 of the 5 links`); default `items`. */
  noun?: string;
}

/**
 * Pages of a list endpoint, fetched only as they are consumed. With `all` it follows `nextpage`
 * until it is null, absent, not greater than the current page, or a page comes back empty, and
 * keeps the rules of a whole read (PageGuard): the list is read to its end, or the read fails,
 * and it ends whatever the server sends.
 */
export async function* paginate(api: ModernApi, path: string, opts: PaginateOptions): AsyncGenerator<Page> {
  let page = opts.page;
  const guard = new PageGuard(`GET ${path}`, opts.noun);
  for (;;) {
    const body = await api.call<Record<string, unknown>>('GET', path, {
      query: { ...opts.query, limit: opts.limit, page },
    });
    const current = parsePage(body, opts.keys, page ?? 1, `GET ${path}`);
    guard.page(current, page);
    yield current;
    if (!opts.all) return;
    if (current.nextpage === undefined || current.items.length === 0) return guard.end();
    page = current.nextpage;
    guard.next(page);
  }
}

/**
 * Reads an envelope `{error, data: {result, perpage, currentpage, nextpage, maxpage, <key>: [...]}}`.
 * An answer with no list in it is not "no results": it is an answer this client can't read, and
 * taking it for an empty list would end an export early with exit 0.
 */
export function parsePage(
  body: Record<string, unknown>,
  keys: string[],
  requested: number,
  shown = 'the list request',
): Page {
  const data = (body.data && typeof body.data === 'object' ? body.data : {}) as Record<string, unknown>;
  const items = collection(data, keys);
  if (!items) {
    throw new UnusableResponseError(
      `the answer to ${shown} is not a list: no ${keys.map((k) => `"${k}"`).join(' or ')} array in its data`,
      { hint: 'the server may run another version of the API; `shorty api GET <path>` shows its answer as received' },
    );
  }
  const page = toInt(data.currentpage) ?? requested;
  return {
    items,
    page,
    nextpage: followingPage(data, page),
    maxpage: toInt(data.maxpage) ?? page,
    total: toInt(data.result) ?? items.length,
    perpage: toInt(data.perpage) ?? items.length,
    stated: { total: toInt(data.result), maxpage: toInt(data.maxpage) },
    body,
  };
}

/**
 * The page after `current`, or undefined on the last one. Servers say "last page" as `nextpage`
 * null, absent, 0 or not ahead of the current one, and some send numbers as strings; a
 * `nextpage` past `maxpage` is taken as the last page too.
 */
export function followingPage(data: Record<string, unknown>, current: number): number | undefined {
  const next = toInt(data.nextpage);
  if (next === undefined || next <= current) return undefined;
  const max = toInt(data.maxpage);
  return max !== undefined && max > 0 && next > max ? undefined : next;
}

/** The list of the envelope, under one of `keys`; `data: []` is how some servers send an empty one. */
function collection(data: Record<string, unknown> | unknown[], keys: string[]): Item[] | undefined {
  if (Array.isArray(data)) return data as Item[];
  for (const key of keys) {
    const value = data[key];
    if (Array.isArray(value)) return value as Item[];
  }
  return undefined;
}

/** Numbers that some servers send as strings (`"page": "2"`). */
function toInt(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
}
