// The name cache's parts that need no server nor disk: what answers teach (observe.ts), how changes
// merge (store.ts), and where completion looks for names (name-positions.ts). The files: name-cache-files.test.ts.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createNameObserver, type Exchange, type NameEntry } from '../../src/cache/observe.js';
import { NAME_RESOURCES, type NameResource } from '../../src/cache/paths.js';
import { mergeEntries } from '../../src/cache/store.js';
import { buildProgram } from '../../src/cli.js';
import {
  CAMPAIGN_NAMES,
  CHANNEL_NAMES,
  DOMAIN_NAMES,
  type NamedKind,
  PIXEL_NAMES,
  QR_NAMES,
} from '../../src/ops/names.js';
import { NAME_ARGUMENTS, NAME_OPTIONS, TYPED_NAME_ARGUMENTS } from '../../src/completion/name-positions.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';

/** A page of GET /urls as the envelope sends it. */
function page(n: number, of: number, urls: { id: number; alias: string; title?: string }[]): Exchange {
  return {
    method: 'GET',
    path: '/urls',
    query: { limit: 2, page: n },
    answer: {
      error: '0',
      data: { result: 3, perpage: 2, currentpage: n, nextpage: n < of ? n + 1 : null, maxpage: of, urls },
    },
  };
}

interface Cached {
  resources: Partial<Record<NameResource, NameEntry[]>>;
  totals: Partial<Record<NameResource, number>>;
}

/** What the cache holds after the exchanges, each resource merged as a flush merges it. */
function cached(exchanges: Exchange[], start: Cached = { resources: {}, totals: {} }): Cached {
  const observer = createNameObserver();
  for (const ex of exchanges) observer.observe(ex);
  const out: Cached = { resources: { ...start.resources }, totals: { ...start.totals } };
  for (const resource of NAME_RESOURCES) {
    const changes = observer.changes.filter((c) => c.resource === resource);
    if (changes.length === 0) continue;
    const merged = mergeEntries(out.resources[resource] ?? [], changes);
    out.resources[resource] = merged.entries;
    if (merged.total !== undefined) out.totals[resource] = merged.total;
  }
  return out;
}

const names = (cache: ReturnType<typeof cached>, resource: 'links' | 'campaigns' = 'links') =>
  (cache.resources[resource] ?? []).map((e) => e.name).sort();

describe('what the answers of a run put in the cache', () => {
  const first = page(1, 2, [
    { id: 1, alias: 'spring', title: 'Spring sale' },
    { id: 2, alias: 'summer' },
  ]);
  const last = page(2, 2, [{ id: 3, alias: 'autumn' }]);
  const before = cached([page(1, 1, [{ id: 9, alias: 'gone' }])]);

  it('a whole list read (every page, first to last) replaces the names: a link deleted elsewhere goes', () => {
    expect(names(cached([first, last], before))).toEqual(['autumn', 'spring', 'summer']);
    expect(cached([first, last], before).totals.links).toBe(3);
  });

  it('a page alone adds its names and removes none', () => {
    expect(names(cached([first], before))).toEqual(['gone', 'spring', 'summer']);
    expect(names(cached([last], before))).toEqual(['autumn', 'gone']);
  });

  it('a lookup by short URL answered with the detail and its statistics records the link', () => {
    const lookup: Exchange = {
      method: 'GET',
      path: '/urls',
      query: { short: 'https://sho.rt/abcde' },
      answer: {
        error: 0,
        id: 5,
        details: { id: 5, shorturl: 'https://sho.rt/abcde', longurl: 'https://e.com', title: 'Five' },
        data: { clicks: 0, uniqueClicks: 0 },
      },
    };
    expect(names(cached([lookup]))).toEqual(['abcde']);
  });

  it('a lookup by short URL is not a list read, whatever it answers', () => {
    const lookup = { ...page(1, 1, [{ id: 4, alias: 'four' }]), query: { short: 'https://sho.rt/four' } };
    expect(names(cached([lookup], before))).toEqual(['four', 'gone']);
  });

  it('writes, details and deletions: the alias from the short URL, the title kept, the id from the path', () => {
    const cache = cached(
      [
        {
          method: 'POST',
          path: '/url/add',
          body: { url: 'https://e.com', metatitle: 'Fresh' },
          answer: { error: 0, id: 5, shorturl: 'https://sho.rt/new' },
        },
        { method: 'PUT', path: '/url/5/update', answer: { error: 0, id: 5, short: 'https://sho.rt/renamed' } },
        {
          method: 'GET',
          path: '/url/1',
          answer: {
            error: 0,
            id: 1,
            details: { shorturl: 'https://sho.rt/spring', title: 'Spring' },
            data: { clicks: 3 },
          },
        },
        { method: 'DELETE', path: '/url/2/delete', answer: { error: 0, message: 'deleted' } },
      ],
      cached([first]),
    );
    expect(cache.resources.links).toEqual([
      { id: 1, name: 'spring', url: 'https://sho.rt/spring', note: 'Spring' },
      { id: 5, name: 'renamed', url: 'https://sho.rt/renamed', note: 'Fresh' },
    ]);
  });

  it("campaign names wherever a server puts them, a pixel's name from the request, v6 string ids", () => {
    const cache = cached([
      {
        method: 'GET',
        path: '/campaigns',
        answer: { error: '0', data: { currentpage: 1, campaigns: [{ id: '1', domain: 'Spring sale' }] } },
      },
      {
        method: 'POST',
        path: '/campaign/add',
        body: { name: 'Launch' },
        answer: { error: 0, id: 2, campaign: 'Launch' },
      },
      {
        method: 'POST',
        path: '/pixel/add',
        body: { name: 'GTM', type: 'gtmpixel', tag: 'GTM-1' },
        answer: { error: 0, id: '7' },
      },
      {
        method: 'GET',
        path: '/domains',
        answer: { error: '0', data: { domains: [{ id: 3, domain: 'https://go.example.com' }] } },
      },
    ]);
    // The most recently seen first.
    expect(cache.resources.campaigns).toEqual([
      { id: 2, name: 'Launch' },
      { id: 1, name: 'Spring sale' },
    ]);
    expect(cache.resources.pixels).toEqual([{ id: 7, name: 'GTM', note: 'gtmpixel' }]);
    expect(cache.resources.domains).toEqual([{ id: 3, name: 'go.example.com' }]);
  });

  it('an answer of another shape teaches nothing and throws nothing', () => {
    const observer = createNameObserver();
    for (const answer of [null, 'text', { data: { urls: 'no' } }, { data: { urls: [{ alias: 'no-id' }] } }])
      observer.observe({ method: 'GET', path: '/urls', answer });
    observer.observe({ method: 'GET', path: '/channel/4', answer: { data: { items: [{ id: 1, title: 'x' }] } } });
    expect(observer.changes.flatMap((c) => ('entries' in c ? c.entries : []))).toEqual([]);
  });
});

describe('completion looks for names where the commands take them', () => {
  it('every position of the table is an argument or a flag of the program', async () => {
    const ctx = createContext({
      io: await createTestIO(),
      env: {},
      now: () => 0,
      sleep: async () => {},
      signal: new AbortController().signal,
    });
    const program = buildProgram(ctx);
    const find = (path: string): Command =>
      path.split(' ').reduce<Command>((cmd, word) => {
        const sub = cmd.commands.find((c) => c.name() === word);
        if (!sub) throw new Error(`no command ${path}`);
        return sub;
      }, program);
    for (const [path, index] of [...NAME_ARGUMENTS, ...TYPED_NAME_ARGUMENTS])
      expect(find(path).registeredArguments[index], `${path} argument ${index}`).toBeDefined();
    for (const [path, flag] of NAME_OPTIONS)
      expect(
        find(path).options.some((o) => o.long === flag),
        `${path} ${flag}`,
      ).toBe(true);
  });
});

describe('the lists the commands read', () => {
  // A command looks a name up in the list its kind declares; the cache must take that list's
  // answers for the same resource, or completion offers names the command would not find.
  const kinds: [NamedKind, Record<string, unknown>][] = [
    [CAMPAIGN_NAMES, { id: 4, name: 'Spring sale' }],
    [CHANNEL_NAMES, { id: 7, name: 'Newsletter' }],
    [PIXEL_NAMES, { id: 3, name: 'FB main', type: 'fbpixel' }],
    [QR_NAMES, { id: 9, name: 'Menu' }],
    [DOMAIN_NAMES, { id: 2, domain: 'https://go.example.com' }],
  ];

  it.each(kinds.map(([kind, item]) => [kind.group, kind, item] as const))(
    'a page of the %s list a command reads is cached as the names the command matches',
    (group, kind, item) => {
      expect(NAME_RESOURCES).toContain(group);
      const resource = group as NameResource;
      const cache = cached([
        {
          method: 'GET',
          path: kind.list.path,
          query: { limit: 500, page: 1 },
          answer: {
            error: '0',
            data: { result: 1, currentpage: 1, nextpage: null, maxpage: 1, [kind.list.keys[0]]: [item] },
          },
        },
      ]);
      expect(cache.resources[resource]?.map((e) => [e.id, e.name])).toEqual([[item.id, kind.nameOf(item)]]);
      expect(cache.totals[resource]).toBe(1);
    },
  );
});
