// Reading the account for `urls sync`: the plan (and --prune's deletions) rests on having read
// every link, so a list that ends before the count it announced is an error, not a smaller account.
import { describe, expect, it } from 'vitest';
import type { ModernApi } from '../../src/api/modern.js';
import { readAccount } from '../../src/bulk/sync/account.js';
import { UnusableResponseError } from '../../src/errors.js';

type Link = { id: number; alias: string; longurl: string };
const link = (id: number): Link => ({ id, alias: `a${id}`, longurl: `https://example.com/${id}` });

/** A list endpoint serving `pages` (page n is pages[n - 1]), announcing `result` links in all. */
function listApi(pages: Link[][], result: number) {
  const asked: number[] = [];
  const api = {
    async call(_method: string, _path: string, opts?: { query?: Record<string, unknown> }) {
      const page = Number(opts?.query?.page ?? 1);
      asked.push(page);
      return {
        error: 0,
        data: {
          result,
          perpage: 2,
          currentpage: page,
          nextpage: page < pages.length ? page + 1 : null,
          maxpage: pages.length,
          urls: pages[page - 1] ?? [],
        },
      };
    },
  } as unknown as ModernApi;
  return { api, asked };
}

describe('readAccount', () => {
  it('reads every page once: N links in ceil(N / page size) requests', async () => {
    const { api, asked } = listApi([[link(5), link(4)], [link(3), link(2)], [link(1)]], 5);
    const state = await readAccount(api, 'alias', 2);
    expect(asked).toEqual([1, 2, 3]);
    expect(state).toMatchObject({ links: 5, requests: 3 });
    expect([...state.byKey.keys()].sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('a list that ends before the links it announced is an error: nothing may be planned from part of the account', async () => {
    // The second page comes back empty although 5 links were announced (a server that lost them,
    // a proxy that cut the answer): without the check, --prune would delete links never read.
    const { api } = listApi([[link(5), link(4)], []], 5);
    await expect(readAccount(api, 'alias', 2)).rejects.toThrow(UnusableResponseError);
    await expect(readAccount(api, 'alias', 2)).rejects.toThrow(/ended after 2 of the 5 links it announced/);
  });

  it('a link seen on two pages (one added while reading moved the rest down) is one link', async () => {
    const { api } = listApi(
      [
        [link(5), link(4)],
        [link(4), link(3)],
        [link(2), link(1)],
      ],
      5,
    );
    const state = await readAccount(api, 'alias', 2);
    expect(state.links).toBe(5);
    expect(state.byKey.get('a4')).toHaveLength(1);
  });
});
