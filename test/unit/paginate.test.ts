import { describe, expect, it } from 'vitest';
import type { ModernApi, Query } from '../../src/api/modern.js';
import { paginate, parsePage, type Page } from '../../src/api/paginate.js';

function envelope(
  page: number | string,
  nextpage: unknown,
  key = 'domains',
  items: unknown[] = [{ id: Number(page) }],
  result = 40,
) {
  return { error: '0', data: { result, perpage: 15, currentpage: page, nextpage, maxpage: 3, [key]: items } };
}

/** A ModernApi that answers from a table of pages and records the queries it was asked. */
function fakeApi(pages: Record<number, unknown>): { api: ModernApi; queries: Query[] } {
  const queries: Query[] = [];
  const api = {
    call: async (_method: string, _path: string, opts?: { query?: Query }) => {
      queries.push(opts?.query ?? {});
      return pages[Number(opts?.query?.page ?? 1)];
    },
    send: async () => {
      throw new Error('unused');
    },
  } as unknown as ModernApi;
  return { api, queries };
}

async function collect(pages: AsyncIterable<Page>): Promise<Page[]> {
  const out: Page[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe('parsePage', () => {
  it('accepts numbers sent as strings and a missing nextpage', () => {
    const page = parsePage(envelope('2', undefined), ['domains'], 1);
    expect(page).toMatchObject({ page: 2, nextpage: undefined, maxpage: 3, total: 40, perpage: 15 });
  });

  it('falls back to the other collection keys', () => {
    expect(parsePage(envelope(1, null, 'overlay'), ['cta', 'overlay'], 1).items).toEqual([{ id: 1 }]);
    expect(parsePage({ error: 0, data: [] }, ['cta'], 4)).toMatchObject({ items: [], page: 4, total: 0 });
  });

  it('refuses an answer with no list in it instead of taking it for an empty page', () => {
    for (const body of [
      { error: 0, data: {} },
      { error: 0 },
      { error: 0, data: { urls: 'none' } },
      { error: 0, data: null },
    ]) {
      expect(() => parsePage(body, ['urls'], 1, 'GET /urls')).toThrow(
        /the answer to GET \/urls is not a list: no "urls" array/,
      );
    }
  });
});

describe('paginate', () => {
  it('fetches one page without --all', async () => {
    const { api, queries } = fakeApi({ 2: envelope(2, 3) });
    const pages = await collect(paginate(api, '/domains', { keys: ['domains'], page: 2, limit: 15 }));
    expect(pages.map((p) => p.page)).toEqual([2]);
    expect(queries).toEqual([{ limit: 15, page: 2 }]);
  });

  it('follows nextpage (as a number or a string) until it is null', async () => {
    const { api, queries } = fakeApi({
      1: envelope(1, '2', 'domains', [{ id: 1 }], 3),
      2: envelope('2', 3),
      3: envelope(3, null),
    });
    const pages = await collect(paginate(api, '/domains', { keys: ['domains'], all: true, query: { order: 'date' } }));
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(queries.map((q) => q.page)).toEqual([undefined, 2, 3]);
    expect(queries[1]).toMatchObject({ order: 'date' });
  });

  it('stops when nextpage does not move forward or a page is empty', async () => {
    const looping = fakeApi({ 1: envelope(1, 1, 'domains', [{ id: 1 }], 1) });
    expect(await collect(paginate(looping.api, '/x', { keys: ['domains'], all: true }))).toHaveLength(1);
    const empty = fakeApi({ 1: envelope(1, 2, 'domains', [{ id: 1 }], 1), 2: envelope(2, 3, 'domains', []) });
    expect(await collect(paginate(empty.api, '/x', { keys: ['domains'], all: true }))).toHaveLength(2);
  });

  it('a read that stops before the total its first page announced fails, whatever stopped it', async () => {
    // nextpage not ahead, an empty page, or nextpage null: each ends the read 1 item short of 2.
    for (const last of [envelope(2, 2), envelope(2, 3, 'domains', []), envelope(2, null, 'domains', [])]) {
      const { api } = fakeApi({ 1: envelope(1, 2, 'domains', [{ id: 1 }], 3), 2: last });
      await expect(collect(paginate(api, '/x', { keys: ['domains'], all: true, noun: 'domains' }))).rejects.toThrow(
        /^GET \/x ended after [12] of the 3 domains it announced: the list was not read to its end$/,
      );
    }
    // Started at page 2 of pages of 15: 40 - 15 are left to read.
    const { api } = fakeApi({ 2: envelope(2, null) });
    await expect(collect(paginate(api, '/x', { keys: ['domains'], page: 2, all: true }))).rejects.toThrow(
      /ended after 1 of the 25 items it announced/,
    );
  });
});
