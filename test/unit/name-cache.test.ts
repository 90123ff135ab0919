// The name cache's parts that need no server: what answers teach (observe.ts), how changes merge
// (store.ts), the shells' files, and where completion looks for names (name-positions.ts).
import type { Command } from 'commander';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNameObserver, type Exchange } from '../../src/cache/observe.js';
import { NAME_RESOURCES, type NameResource, nameCacheDir, profileFolder } from '../../src/cache/paths.js';
import { createNameRecorder } from '../../src/cache/recorder.js';
import {
  applyChanges,
  completionLines,
  emptyCache,
  nameScope,
  readNameCache,
  readScopedCache,
  writeNameCache,
} from '../../src/cache/store.js';
import { buildProgram } from '../../src/cli.js';
import {
  CAMPAIGN_NAMES,
  CHANNEL_NAMES,
  DOMAIN_NAMES,
  type NamedKind,
  PIXEL_NAMES,
  QR_NAMES,
} from '../../src/commands/shared/resolve-name.js';
import { NAME_ARGUMENTS, NAME_OPTIONS, TYPED_NAME_ARGUMENTS } from '../../src/completion/name-positions.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import type { Settings } from '../../src/settings/types.js';
import { tempDir } from '../helpers/cli.js';

const KEY = 'sk_live_unit_cache_key_0123456789';
const scope = nameScope('https://sho.rt', KEY);

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

function cached(exchanges: Exchange[], start = emptyCache(scope, 0)) {
  const observer = createNameObserver();
  for (const ex of exchanges) observer.observe(ex);
  return applyChanges(start, observer.changes, 1000);
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
    expect(cache.resources.campaigns).toEqual([
      { id: 1, name: 'Spring sale' },
      { id: 2, name: 'Launch' },
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

describe('the files of the cache', () => {
  it("hold names and descriptions one a line, sorted, leaving out what a line can't hold; never the key", () => {
    const dir = join(tempDir(), 'cache');
    const cache = cached([
      page(1, 1, [
        { id: 2, alias: 'b', title: 'Title\twith a tab' },
        { id: 1, alias: 'a' },
        { id: 3, alias: 'bad\nname' },
      ]),
    ]);
    writeNameCache(dir, cache);
    expect(readFileSync(join(dir, 'links'), 'utf8')).toBe('a\nb\tTitle with a tab\n');
    expect(completionLines('links', cache)).toBe('a\nb\tTitle with a tab\n');
    for (const file of readdirSync(dir)) {
      expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, file), 'utf8')).not.toContain(KEY);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readScopedCache(dir, scope)?.resources.links).toHaveLength(3);
    // Another key, or another server, sees no names.
    expect(readScopedCache(dir, nameScope('https://sho.rt', `${KEY}x`))).toBeUndefined();
    expect(readScopedCache(dir, nameScope('https://other.example', KEY))).toBeUndefined();
  });

  it('a profile is a folder of its own; a name no shell could spell becomes hex', () => {
    expect(profileFolder('work')).toBe('work');
    expect(profileFolder('my work/eu')).toBe(`~${Buffer.from('my work/eu').toString('hex')}`);
    expect(profileFolder('..')).toBe('~2e2e');
    expect(nameCacheDir('/c', 'a', 'f00d')).toBe('/c/cache/v1/a/f00d');
  });

  it('a cache of another format, or broken, counts as none', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'names.json'), '{"format": 2}');
    expect(readNameCache(dir)).toBeUndefined();
    writeFileSync(join(dir, 'names.json'), '{broken');
    expect(readNameCache(dir)).toBeUndefined();
  });
});

describe('writing the cache never fails the command', () => {
  const settings = (configDir: string): Settings =>
    ({ profile: 'default', configDir, baseUrl: 'https://sho.rt', apiKey: KEY }) as Settings;
  const recorderWithNames = () => {
    const recorder = createNameRecorder();
    const api = recorder.watch({
      call: async () => ({ error: '0', data: { currentpage: 1, urls: [{ id: 1, alias: 'a' }] } }),
    } as never);
    return { recorder, api };
  };

  it('a cache folder that cannot be written: one warning', async () => {
    const configDir = tempDir();
    // A file where the cache folder would be.
    writeFileSync(join(configDir, 'cache'), 'x');
    const { recorder, api } = recorderWithNames();
    await api.call('GET', '/urls');
    const lines: string[] = [];
    await recorder.flush(settings(configDir), 0, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warning: cannot write the name cache in .*: a part of the path is not a folder/);
  });

  it('a config folder that cannot be written (already warned about by the rate-limit state): silence', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    const { recorder, api } = recorderWithNames();
    await api.call('GET', '/urls');
    const lines: string[] = [];
    await recorder.flush(settings(join(file, 'shorty')), 0, (line) => lines.push(line));
    expect(lines).toEqual([]);
  });

  it('each base URL and key keeps its names in the profile; completion reads those used last', async () => {
    const configDir = tempDir();
    const flush = async (baseUrl: string, alias: string) => {
      const recorder = createNameRecorder();
      await recorder
        // A first page of two: its names are added to what the cache holds.
        .watch({
          call: async () => ({
            error: '0',
            data: { currentpage: 1, nextpage: 2, maxpage: 2, urls: [{ id: alias.charCodeAt(0), alias }] },
          }),
        } as never)
        .call('GET', '/urls');
      await recorder.flush({ ...settings(configDir), baseUrl }, 0, () => {});
    };
    const profileDir = join(configDir, 'cache', 'v1', 'default');
    const current = () =>
      readFileSync(join(profileDir, readFileSync(join(profileDir, 'current'), 'utf8').trim(), 'links'), 'utf8');
    await flush('https://one.example', 'first');
    await flush('https://two.example', 'second');
    expect(current()).toBe('second\n');
    await flush('https://one.example', 'again');
    // The first server's names were kept, and the run added to them.
    expect(current()).toBe('again\nfirst\n');
    expect(readdirSync(profileDir).sort()).toEqual(
      [
        ...[nameScope('https://one.example', KEY).key, nameScope('https://two.example', KEY).key].sort(),
        'current',
      ].sort(),
    );
  });

  it('merges under the lock of the profile: a run ending meanwhile waits, then both names are kept', async () => {
    const configDir = tempDir();
    const run = (id: number, alias: string) => {
      const recorder = createNameRecorder();
      const answer = { error: 0, id, shorturl: `https://sho.rt/${alias}` };
      return { recorder, api: recorder.watch({ call: async () => answer } as never) };
    };
    const first = run(1, 'one');
    const second = run(2, 'two');
    await first.api.call('POST', '/url/add');
    await second.api.call('POST', '/url/add');
    const profileDir = join(configDir, 'cache', 'v1', 'default');
    const links = join(nameCacheDir(configDir, 'default', scope.key), 'links');
    mkdirSync(profileDir, { recursive: true });
    // Another run holds the lock (its folder, as proper-lockfile makes it).
    const lock = join(profileDir, 'lock.lock');
    mkdirSync(lock);
    const flushing = first.recorder.flush(settings(configDir), 0, () => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(links)).toBe(false);
    rmdirSync(lock);
    await Promise.all([flushing, second.recorder.flush(settings(configDir), 0, () => {})]);
    expect(readFileSync(links, 'utf8')).toBe('one\ntwo\n');
  });

  it('a run that saw no names writes nothing', async () => {
    const configDir = tempDir();
    await createNameRecorder().flush(settings(configDir), 0, () => {});
    mkdirSync(join(configDir, 'x'));
    expect(readdirSync(configDir)).toEqual(['x']);
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
