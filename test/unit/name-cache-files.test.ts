// The name cache on disk (store.ts, scope-ids.ts, recorder.ts): what the files hold and never
// hold, where they are, and their bounds: a cap per kind and per file, a run that touches only
// the files of what it learnt, and a damaged or oversized file that costs time, never a crash.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheRoot, currentFile, profileFolder, scopeDir } from '../../src/cache/paths.js';
import { createNameRecorder } from '../../src/cache/recorder.js';
import { ENTRY_CAP, FILE_CAP } from '../../src/cache/store.js';
import type { Settings } from '../../src/settings/types.js';
import { fnv1a64 } from '../../src/util/hash.js';
import { tempDir } from '../helpers/cli.js';

const KEY = 'sk_live_unit_cache_key_0123456789';
const BASE = 'https://sho.rt';
const settings = (configDir: string, more: Partial<Settings> = {}): Settings =>
  ({ profile: 'default', configDir, baseUrl: BASE, apiKey: KEY, ...more }) as Settings;

type Item = Record<string, unknown>;
/** A run that read `items` from `path` (a whole list when `whole`), then ended. */
async function run(
  configDir: string,
  items: Item[],
  opts: { path?: string; whole?: boolean; more?: Partial<Settings> } = {},
) {
  const path = opts.path ?? '/urls';
  const key = path === '/urls' ? 'urls' : path.slice(1);
  const data = { currentpage: 1, nextpage: opts.whole ? null : 2, result: items.length, [key]: items };
  const recorder = createNameRecorder();
  await recorder.watch({ call: async () => ({ error: '0', data }) } as never).call('GET', path);
  const warnings: string[] = [];
  await recorder.flush(settings(configDir, opts.more), Date.now(), (line) => warnings.push(line));
  return warnings;
}

/** The folder completion reads for the profile. */
function current(configDir: string, profile = 'default'): string {
  return scopeDir(configDir, readFileSync(currentFile(configDir, profile), 'utf8').trim());
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

// What must never reach a file: C0 and C1 controls, bidi marks, zero-width characters.
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

describe('the files of the cache', () => {
  it('hold names and descriptions one a line, sorted; no control, bidi or zero-width mark; never the key', async () => {
    const configDir = tempDir();
    const warnings = await run(configDir, [
      { id: 2, alias: 'b', title: 'Title\twith\u202e a \u009b\u001b[2Jtab\u200b' },
      { id: 1, alias: 'a' },
      { id: 3, alias: 'bad\nname' },
      { id: 4, alias: 'zero\u200bwidth' },
      { id: 5, alias: 'rtl\u202eevil' },
      { id: 6, alias: 'c1\u0085' },
    ]);
    expect(warnings).toEqual([]);
    const dir = current(configDir);
    expect(readFileSync(join(dir, 'links'), 'utf8')).toBe('a\nb\tTitle with a [2Jtab\n');
    for (const file of allFiles(join(configDir, 'cache'))) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(HIDDEN);
      expect(text, file).not.toContain(KEY);
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('a folder name tells nothing of the key: random, and no hash of the key anywhere in the cache', async () => {
    const [one, two] = [tempDir(), tempDir()];
    await run(one, [{ id: 1, alias: 'a' }]);
    await run(two, [{ id: 1, alias: 'a' }]);
    const name = (dir: string) => current(dir).split('/').pop() ?? '';
    expect(name(one)).toMatch(/^[0-9a-f]{32}$/);
    // The same base URL and key, two config folders: two names, so the name is no function of the key.
    expect(name(one)).not.toBe(name(two));
    const digests = [fnv1a64(`${BASE}\n${KEY}`), fnv1a64(KEY)].concat(
      [KEY, `${BASE}\n${KEY}`, `default\n${BASE}\n${KEY}`].map((t) => createHash('sha256').update(t).digest('hex')),
    );
    for (const file of allFiles(join(one, 'cache'))) {
      const both = `${file}\n${readFileSync(file, 'utf8')}`;
      for (const digest of digests) expect(both, file).not.toContain(digest.slice(0, 12));
    }
  });

  it('each base URL and key has its folder; completion reads the one of the last run of the profile', async () => {
    const configDir = tempDir();
    await run(configDir, [{ id: 1, alias: 'first' }], { more: { baseUrl: 'https://one.example' } });
    await run(configDir, [{ id: 2, alias: 'second' }], { more: { baseUrl: 'https://two.example' } });
    expect(readFileSync(join(current(configDir), 'links'), 'utf8')).toBe('second\n');
    await run(configDir, [{ id: 3, alias: 'again' }], { more: { baseUrl: 'https://one.example' } });
    expect(readFileSync(join(current(configDir), 'links'), 'utf8')).toBe('again\nfirst\n');
    await run(configDir, [{ id: 4, alias: 'mine' }], { more: { profile: 'my work' } });
    expect(readFileSync(join(current(configDir, 'my work'), 'links'), 'utf8')).toBe('mine\n');
    expect(readdirSync(join(cacheRoot(configDir), 'current')).sort()).toEqual(['default', profileFolder('my work')]);
    expect(profileFolder('..')).toBe('~2e2e');
  });

  it('merges under the lock: a run ending meanwhile waits, then both names are kept', async () => {
    const configDir = tempDir();
    const root = cacheRoot(configDir);
    mkdirSync(root, { recursive: true });
    // Another run holds the lock (its folder, as proper-lockfile makes it).
    const lock = join(root, 'lock.lock');
    mkdirSync(lock);
    const first = run(configDir, [{ id: 1, alias: 'one' }]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(join(root, 'current'))).toBe(false);
    rmdirSync(lock);
    await Promise.all([first, run(configDir, [{ id: 2, alias: 'two' }])]);
    expect(readFileSync(join(current(configDir), 'links'), 'utf8')).toBe('one\ntwo\n');
  });
});

describe('writing the cache never fails the command', () => {
  it('a cache folder that cannot be written: one warning', async () => {
    const configDir = tempDir();
    writeFileSync(join(configDir, 'cache'), 'x');
    const warnings = await run(configDir, [{ id: 1, alias: 'a' }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: cannot write the name cache in .*: a part of the path is not a folder/);
  });

  it('a config folder that cannot be written (already warned about by the rate-limit state): silence', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    expect(await run(join(file, 'shorty'), [{ id: 1, alias: 'a' }])).toEqual([]);
  });

  it('a run that saw no names writes nothing', async () => {
    const configDir = tempDir();
    await createNameRecorder().flush(settings(configDir), 0, () => {});
    expect(readdirSync(configDir)).toEqual([]);
  });
});

const many = (n: number, from = 0, alias = (i: number) => `n${i}`) =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, alias: alias(from + i) }));
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

describe('the cache is bounded', () => {
  it(`keeps the ${ENTRY_CAP} names seen last per kind, however many more it learns`, async () => {
    const configDir = tempDir();
    await run(configDir, many(ENTRY_CAP + 500), { whole: true });
    const dir = current(configDir);
    expect(lines(join(dir, 'links'))).toHaveLength(ENTRY_CAP);
    // A list's first names are its newest: those are kept.
    expect(lines(join(dir, 'links'))).toContain('n0');
    expect(lines(join(dir, 'links'))).not.toContain(`n${ENTRY_CAP}`);
    await run(configDir, many(10, 100_000));
    expect(lines(join(dir, 'links'))).toHaveLength(ENTRY_CAP);
    expect(lines(join(dir, 'links'))).toContain('n100009');
    expect(JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'))).toMatchObject({
      counts: { links: ENTRY_CAP },
      totals: { links: ENTRY_CAP + 500 },
    });
  });

  it(`and at most ${FILE_CAP} bytes a file`, async () => {
    const configDir = tempDir();
    await run(
      configDir,
      // Names near the longest cached (200): the cap in names would pass the cap in bytes.
      many(ENTRY_CAP, 0, (i) => `${'x'.repeat(190)}${i}`),
      { whole: true },
    );
    const dir = current(configDir);
    for (const file of ['links', 'links.jsonl']) expect(statSync(join(dir, file)).size).toBeLessThanOrEqual(FILE_CAP);
    expect(lines(join(dir, 'links')).length).toBeLessThan(ENTRY_CAP);
  });

  it('a run reads and rewrites only the files of what it learnt; names it holds already: nothing written', async () => {
    const configDir = tempDir();
    await run(configDir, [{ id: 1, alias: 'a' }]);
    await run(configDir, [{ id: 1, name: 'Spring' }], { path: '/campaigns' });
    const dir = current(configDir);
    const inode = (file: string) => statSync(join(dir, file)).ino;
    const before = ['links', 'links.jsonl', 'campaigns', 'meta.json'].map(inode);
    await run(configDir, [{ id: 2, name: 'Launch' }], { path: '/campaigns' });
    expect(['links', 'links.jsonl'].map(inode)).toEqual(before.slice(0, 2));
    expect(inode('campaigns')).not.toBe(before[2]);
    const after = ['campaigns', 'meta.json'].map(inode);
    await run(configDir, [{ id: 2, name: 'Launch' }], { path: '/campaigns' });
    expect(['campaigns', 'meta.json'].map(inode)).toEqual(after);
  });

  it("names the profile's current folder holds: the scope is not looked up, nothing is written", async () => {
    const configDir = tempDir();
    await run(configDir, [{ id: 1, alias: 'kept' }]);
    const pointer = readFileSync(currentFile(configDir, 'default'), 'utf8');
    // A map of scopes a lookup would not understand: looked up, the run would make a new scope.
    const scopes = join(cacheRoot(configDir), 'scopes.json');
    writeFileSync(scopes, 'not json');
    await run(configDir, [{ id: 1, alias: 'kept' }]);
    expect(readFileSync(scopes, 'utf8')).toBe('not json');
    expect(readFileSync(currentFile(configDir, 'default'), 'utf8')).toBe(pointer);
    // A name it lacks, under another key: looked up, and written to that key's own folder.
    await run(configDir, [{ id: 2, alias: 'other' }], { more: { apiKey: 'sk_live_unit_cache_key_other_9876' } });
    expect(readFileSync(currentFile(configDir, 'default'), 'utf8')).not.toBe(pointer);
    expect(readFileSync(join(current(configDir), 'links'), 'utf8')).toBe('other\n');
    expect(readFileSync(join(scopeDir(configDir, pointer.trim()), 'links'), 'utf8')).toBe('kept\n');
  });

  it('a damaged or oversized file costs its names, never the command', async () => {
    const configDir = tempDir();
    await run(configDir, [{ id: 1, alias: 'a' }]);
    await run(configDir, [{ id: 1, name: 'Spring' }], { path: '/campaigns' });
    const dir = current(configDir);
    writeFileSync(join(dir, 'links.jsonl'), Buffer.alloc(FILE_CAP + 1, 'x'));
    writeFileSync(join(dir, 'campaigns.jsonl'), '\u0000\u00ff{"id":1}\n{"id":2,"name":"ok"}\n[[[');
    writeFileSync(join(dir, 'meta.json'), '{broken');
    const started = process.hrtime.bigint();
    expect(await run(configDir, [{ id: 5, alias: 'b' }])).toEqual([]);
    expect(await run(configDir, [{ id: 3, name: 'Third' }], { path: '/campaigns' })).toEqual([]);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(2000);
    expect(lines(join(dir, 'links'))).toEqual(['b']);
    expect(lines(join(dir, 'campaigns'))).toEqual(['Third\tid 3', 'ok\tid 2']);
    expect(statSync(join(dir, 'links.jsonl')).size).toBeLessThan(100);
  });
});
