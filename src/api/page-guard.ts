import { UnusableResponseError } from '../errors.js';

/** What the guard reads of a page (paginate's Page). */
interface PageSeen {
  items: Record<string, unknown>[];
  page: number;
  perpage: number;
  /** The envelope's own numbers, undefined where it gave none. */
  stated: { total?: number; maxpage?: number };
}

const PAGING_HINT =
  "the server does not page this list as the API says; `shorty api GET '<path>?page=2'` shows what it answers";

/** An id or a content longer than this is kept as its digest: a hostile id costs no more memory than a short one. */
const KEPT_KEY_LENGTH = 64;

/**
 * The one rule of every read that follows pages to the end (`list --all`, `urls export`, the
 * account read of `urls sync`, `cache refresh`, `shorty api --paginate`): it ends with the whole
 * list or fails, and it always ends. A server that answers another page than the one asked for
 * (it ignores `page`), a page with nothing new on it (by id, or by content for items without
 * one), more items than the first page announced, a page past the `maxpage` it announced, or a
 * list that says "last page" short of its total would loop, grow without bound, or end as if the
 * list were whole: each is an error naming what happened. What it keeps is one short key an item,
 * and a read never keeps more items than were announced: memory is bounded by the list's size.
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  /** Items read: distinct ids, plus every item without one (two such items may well be alike). */
  private read = 0;
  /** What the first page announced is left from it on: its total, less the pages before it. */
  private announced?: number;
  private stated?: number;
  private lastPage?: number;

  /** `shown`: the request as the error names it (`GET /urls`); `noun`: what the list holds. */
  constructor(
    private readonly shown: string,
    private readonly noun = 'items',
  ) {}

  /** Before asking for a page after the first: none past the last page the first one announced. */
  next(page: number): void {
    if (this.lastPage !== undefined && page > this.lastPage) {
      throw new UnusableResponseError(
        `${this.shown} asks for page ${page} after announcing ${this.lastPage}: the list was not read to its end`,
        { hint: PAGING_HINT },
      );
    }
  }

  /** After each page: `asked` is the page requested (undefined: the server's first). */
  page(current: PageSeen, asked: number | undefined): void {
    if (asked !== undefined && current.page !== asked) {
      throw new UnusableResponseError(
        `the server answered page ${current.page} of ${this.shown} when asked for page ${asked}: the list was not read to its end`,
        { hint: PAGING_HINT },
      );
    }
    if (this.announced === undefined) {
      const { total, maxpage } = current.stated;
      this.stated = total;
      this.announced = Math.max(0, (total ?? current.items.length) - (current.page - 1) * current.perpage);
      if (maxpage !== undefined && maxpage > 0) this.lastPage = Math.max(maxpage, current.page);
    }
    if (current.items.length > 0 && !this.anyNew(current.items)) {
      throw new UnusableResponseError(
        `page ${current.page} of ${this.shown} repeats items of earlier pages: the list was not read to its end`,
        { hint: PAGING_HINT },
      );
    }
    if (this.stated !== undefined && this.read > this.announced) {
      throw new UnusableResponseError(
        `${this.shown} sent more than the ${this.announced} ${this.noun} it announced: the list was not read to its end`,
        { hint: PAGING_HINT },
      );
    }
  }

  /** After the last page: fewer items than announced is a list cut short. */
  end(): void {
    if (this.announced !== undefined && this.read < this.announced) {
      throw new UnusableResponseError(
        `${this.shown} ended after ${this.read} of the ${this.announced} ${this.noun} it announced: the list was not read to its end`,
        { hint: `run it again; \`shorty api GET ${this.shown.replace(/^GET /, '')}\` shows what the server lists` },
      );
    }
  }

  /** An item without id as text, to compare; one nested too deep to write out is no item of a list. */
  private content(item: unknown): string {
    try {
      return JSON.stringify(item);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      throw new UnusableResponseError(`an item of ${this.shown} nests too deeply to be read`, { hint: PAGING_HINT });
    }
  }

  /** Whether any item of a page was not on an earlier page (by id, else by content); notes them. */
  private anyNew(items: Record<string, unknown>[]): boolean {
    let fresh = false;
    for (const item of items) {
      const id = item !== null && typeof item === 'object' ? item.id : undefined;
      const hasId = typeof id === 'number' || typeof id === 'string';
      const key = hasId ? `id:${String(id)}` : `content:${this.content(item)}`;
      const kept = key.length > KEPT_KEY_LENGTH ? digest(key) : key;
      const isNew = !this.seen.has(kept);
      if (isNew) this.seen.add(kept);
      if (isNew || !hasId) this.read += 1;
      fresh ||= isNew;
    }
    return fresh;
  }
}

/** node:crypto is loaded only when a key is that long: loading it is ~5 ms of every list's start. */
function digest(key: string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(key).digest('base64url');
}
