// `shorty cache refresh|clear` and the cache in `status`, run by main() against the sandbox; the
// question on a terminal with a scripted prompter.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAME_RESOURCES, type NameResource } from '../../src/cache/paths.js';
import { findScopeDir } from '../../src/cache/scope-ids.js';
import { parseEntries, readEntriesText, readMeta } from '../../src/cache/store.js';
import * as cacheRefresh from '../../src/commands/cache/refresh.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import { tempDir } from '../helpers/cli.js';
import { json, useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true, resetData: true });

const links = (n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      cli.sandbox.api('POST', '/url/add', { url: `https://e.com/${i}`, custom: `cached${i}` }),
    ),
  );

describe('shorty cache refresh', () => {
  it('states its cost first (one request per list never read, then one per 500 names), reads every list, and replaces what went', async () => {
    await links(3);
    const configDir = tempDir();
    const first = await cli.runLogged(['cache', 'refresh'], { configDir });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toBe(
      'refreshing the name cache of profile "default": about 6 list requests, one per 500 names: links 1+ (never read), ' +
        'campaigns 1+ (never read), channels 1+ (never read), pixels 1+ (never read), qr 1+ (never read), domains 1+ (never read)\n',
    );
    expect(first.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/urls',
      'GET /api/campaigns',
      'GET /api/channels',
      'GET /api/pixels',
      'GET /api/qr',
      'GET /api/domains',
    ]);
    expect(first.stdout.split('\n')[1]).toBe('links\t3\t1');

    // A link deleted by someone else: gone from the cache once the list is read again.
    await cli.sandbox.api('DELETE', '/url/1/delete');
    const second = await cli.runLogged(['cache', 'refresh', 'links', '--json'], { configDir });
    expect(second.stderr).toMatch(/: about 1 list request, one per 500 names: links 1 \(3 names\)\n$/);
    expect(json(second)).toEqual([{ resource: 'links', names: 2, requests: 1 }]);
    const status = json(await cli.run(['status', '--offline', '--json'], { configDir }));
    expect(status).toMatchObject({ name_cache_names: 2, name_cache_updated: expect.any(String) });
    expect(status.name_cache_bytes).toBeGreaterThan(0);
  });

  it('asks on a terminal, and reads nothing when the answer is no', async () => {
    const asked: string[] = [];
    const io = await createTestIO({ tty: true });
    const ctx = createContext({
      io,
      env: { SHORTY_CONFIG_DIR: tempDir('shorty-cache-'), ...cli.env },
      now: () => Date.now(),
      sleep: async () => {},
      signal: new AbortController().signal,
    });
    ctx.prompter = async () => ({
      input: async () => '',
      password: async () => '',
      confirm: async (message: string) => {
        asked.push(message);
        return false;
      },
    });
    await cli.sandbox.admin.reset();
    await expect(cacheRefresh.run({ resources: ['campaigns'] }, ctx)).rejects.toMatchObject({
      exitCode: 1,
      message: 'nothing read',
    });
    await ctx.close();
    expect(asked).toEqual(['Send about 1 request?']);
    expect(await cli.sandbox.admin.requests()).toEqual([]);
  });

  it('refuses an unknown resource before any request', async () => {
    const res = await cli.runLogged(['cache', 'refresh', 'links', 'tags']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: invalid value "tags"/m);
    expect(res.requests).toEqual([]);
  });
});

describe('shorty cache clear', () => {
  it("forgets the profile's names and sends nothing; status then shows an empty cache", async () => {
    await links(2);
    const configDir = tempDir();
    expect((await cli.run(['urls', 'list', '-q'], { configDir })).exitCode).toBe(0);
    const cleared = await cli.runLogged(['cache', 'clear'], { configDir });
    expect(cleared.exitCode).toBe(0);
    expect(cleared.stderr).toBe('✓ cleared the name cache of profile "default": 2 names\n');
    expect(cleared.requests).toEqual([]);
    const status = await cli.run(['status', '--offline', '-o', 'table'], { configDir });
    expect(status.stdout).toMatch(/^Name cache +empty /m);
    expect((await cli.run(['cache', 'clear'], { configDir })).stderr).toMatch(/nothing to clear/);
  });
});

describe('the cache after a command', () => {
  it('is not written again when the run saw only names it holds; a change is written', async () => {
    await links(2);
    const configDir = tempDir();
    expect((await cli.run(['urls', 'list'], { configDir })).exitCode).toBe(0);
    const files = () => {
      const found: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) walk(path);
          else if (entry.name === 'links.jsonl') found.push(path);
        }
      };
      walk(join(configDir, 'cache'));
      return found;
    };
    const [names] = files();
    const written = statSync(names).mtimeMs;
    const before = readFileSync(names, 'utf8');
    // The same list again: the same names, nothing to write (no lock, no rename).
    await new Promise((r) => setTimeout(r, 20));
    expect((await cli.run(['urls', 'list'], { configDir })).exitCode).toBe(0);
    expect(statSync(names).mtimeMs).toBe(written);
    expect(readFileSync(names, 'utf8')).toBe(before);
    // A new link seen: written.
    await cli.sandbox.api('POST', '/url/add', { url: 'https://e.com/new', custom: 'cachednew' });
    expect((await cli.run(['urls', 'list'], { configDir })).exitCode).toBe(0);
    expect(readFileSync(names, 'utf8')).toContain('cachednew');
  });
});

describe('every list command and the cache', () => {
  it('reads the list the cache recognises: each list command leaves the names it printed in the cache', async () => {
    await cli.sandbox.api('POST', '/url/add', { url: 'https://e.com/listed', custom: 'listed' });
    await cli.sandbox.api('POST', '/campaign/add', { name: 'Spring sale' });
    await cli.sandbox.api('POST', '/channel/add', { name: 'Newsletter' });
    await cli.sandbox.api('POST', '/pixel/add', { type: 'fbpixel', name: 'FB main', tag: '1234' });
    await cli.sandbox.api('POST', '/qr/add', { type: 'text', data: 'hello', name: 'Menu' });
    await cli.sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
    const configDir = tempDir();
    const groups: Record<NameResource, string> = {
      links: 'urls',
      campaigns: 'campaigns',
      channels: 'channels',
      pixels: 'pixels',
      qr: 'qr',
      domains: 'domains',
    };
    const printed: Record<string, string[]> = {};
    for (const resource of NAME_RESOURCES) {
      const res = await cli.run([groups[resource], 'list', '--all', '--json'], { configDir });
      expect(res.exitCode, res.stderr).toBe(0);
      printed[resource] = json<Record<string, string>[]>(res).map((item) => item.alias ?? item.name ?? item.domain);
    }
    expect(printed).toEqual({
      links: ['listed'],
      campaigns: ['Spring sale'],
      channels: ['Newsletter'],
      pixels: ['FB main'],
      qr: ['Menu'],
      domains: ['https://go.example.com'],
    });
    const scope = { profile: 'default', baseUrl: cli.env.SHORTY_BASE_URL, apiKey: cli.env.SHORTY_API_KEY };
    const dir = findScopeDir(configDir, scope) ?? '';
    const cachedNames = Object.fromEntries(
      NAME_RESOURCES.map((resource) => [resource, parseEntries(readEntriesText(dir, resource)).map((e) => e.name)]),
    );
    expect(cachedNames).toEqual({ ...printed, domains: ['go.example.com'] });
    // Read whole, so each list is known complete (a total), not merely seen.
    expect(readMeta(dir)?.totals).toEqual({ links: 1, campaigns: 1, channels: 1, pixels: 1, qr: 1, domains: 1 });
  });
});
