import { UnusableResponseError } from '../errors.js';

/** What the guard reads of a page (paginate's Page). */
interface PageSeen {
  items: Record<string, unknown>[];
  page: number;
  total: number;
  perpage: number;
}

const PAGING_HINT =
  "the server does not page this list as the API says; `shorty api GET '<path>?page=2'` shows what it answers";

/**
 * The one rule of every read that follows pages to the end (`list --all`, `urls export`, the
 * account read of `urls sync`, `shorty api --paginate`): it ends with the whole list or fails. A
 * server that answers another page than the one asked for (it ignores `page`), a page of items
 * all met before, or a list that says "last page" short of the total its first page announced
 * would loop, or end as if the list were whole: each is an error naming what happened.
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  private withoutId = 0;
  /** What the first page announced is left from it on: its total, less the pages before it. */
  private announced?: number;

  /** `shown`: the request as the error names it (`GET /urls`); `noun`: what the list holds. */
  constructor(
    private readonly shown: string,
    private readonly noun = 'items',
  ) {}

  /** After each page: `asked` is the page requested (undefined: the server's first). */
  page(current: PageSeen, asked: number | undefined): void {
    if (asked !== undefined && current.page !== asked) {
      throw new UnusableResponseError(
        `the server answered page ${current.page} of ${this.shown} when asked for page ${asked}: the list was not read to its end`,
        { hint: PAGING_HINT },
      );
    }
    this.announced ??= Math.max(0, current.total - (current.page - 1) * current.perpage);
    if (this.allSeen(current.items)) {
      throw new UnusableResponseError(
        `page ${current.page} of ${this.shown} repeats items of earlier pages: the list was not read to its end`,
        { hint: PAGING_HINT },
      );
    }
  }

  /** After the last page: fewer items than announced is a list cut short. */
  end(): void {
    const read = this.seen.size + this.withoutId;
    if (this.announced !== undefined && read < this.announced) {
      throw new UnusableResponseError(
        `${this.shown} ended after ${read} of the ${this.announced} ${this.noun} it announced: the list was not read to its end`,
        { hint: `run it again; \`shorty api GET ${this.shown.replace(/^GET /, '')}\` shows what the server lists` },
      );
    }
  }

  /** Whether every item of a page (by id) was on an earlier page; notes the new ones. */
  private allSeen(items: Record<string, unknown>[]): boolean {
    const ids = items.map((item) => item.id).filter((id) => typeof id === 'number' || typeof id === 'string');
    this.withoutId += items.length - ids.length;
    const fresh = ids.filter((id) => !this.seen.has(String(id)));
    for (const id of fresh) this.seen.add(String(id));
    return ids.length > 0 && fresh.length === 0;
  }
}
