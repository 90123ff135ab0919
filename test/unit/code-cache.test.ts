import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';

interface Loader {
  loadWithCodeCache(bundle: string, dir: string, route: string, atExit: (save: () => void) => void): unknown;
  ownCacheDir(tmp: string, env: Record<string, string | undefined>): string | undefined;
  routeOf(argv: string[]): string;
  teaches(code: number, cpu: { user: number; system: number }): boolean;
}
const { loadWithCodeCache, ownCacheDir, routeOf, teaches } = createRequire(import.meta.url)(
  '../../bin/shorty.js',
) as Loader;

/** A bundle as the build writes it: code, then its build mark before the source map comment. */
function bundleIn(dir: string, code: string, build = 'a'.repeat(16)): string {
  const file = join(dir, 'bundle.cjs');
  writeFileSync(file, `${code}\n// shorty-build ${build}\n//# sourceMappingURL=bundle.cjs.map\n`);
  return file;
}

/** Loads `bundle` as bin/shorty.js does, then runs what it would run at exit. */
function load(bundle: string, dir: string, route: string) {
  const saves: (() => void)[] = [];
  const exports = loadWithCodeCache(bundle, dir, route, (save) => saves.push(save)) as { answer(): number };
  const answer = exports.answer();
  for (const save of saves) save();
  return { answer, wrote: saves.length > 0 };
}

/** The cache files in `dir`, each with the build its header names. */
function cacheFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.cache'))) {
    const bytes = readFileSync(join(dir, name));
    files[name.replace(/^shorty-[0-9a-f]{8}/, 'shorty-*')] = JSON.parse(
      bytes.toString('utf8', 0, bytes.indexOf(10)),
    ).build;
  }
  return files;
}

const CODE = 'function answer() { return [6, 7].reduce((a, b) => a * b); }\nexports.answer = answer;';
const A = 'a'.repeat(16);

describe("the bundle's V8 code cache (bin/shorty.js)", () => {
  it('is written by the first run of a command and taken by the next ones, one file per command', () => {
    const dir = tempDir('shorty-code-cache-');
    const bundle = bundleIn(dir, CODE);
    // The first run also writes the base file, which a command with no file of its own takes.
    expect(load(bundle, dir, 'urls list')).toEqual({ answer: 42, wrote: true });
    expect(cacheFiles(dir)).toEqual({ 'shorty-*-urls.list.cache': A, 'shorty-*.cache': A });
    // Taken by V8: nothing to write.
    expect(load(bundle, dir, 'urls list')).toEqual({ answer: 42, wrote: false });
    expect(load(bundle, dir, 'help')).toEqual({ answer: 42, wrote: true });
    expect(load(bundle, dir, 'help')).toEqual({ answer: 42, wrote: false });
    // A bare run's file is the base.
    expect(load(bundle, dir, '')).toEqual({ answer: 42, wrote: false });
    expect(cacheFiles(dir)).toEqual({ 'shorty-*-urls.list.cache': A, 'shorty-*-help.cache': A, 'shorty-*.cache': A });
  });

  it('is not used for another build of the bundle, even of the same length, and is replaced', () => {
    const dir = tempDir('shorty-code-cache-');
    load(bundleIn(dir, CODE), dir, 'urls list');
    const other = bundleIn(dir, CODE.replace('6, 7', '7, 8'), 'b'.repeat(16));
    expect(load(other, dir, 'urls list')).toEqual({ answer: 56, wrote: true });
    expect(cacheFiles(dir)).toEqual({ 'shorty-*-urls.list.cache': 'b'.repeat(16), 'shorty-*.cache': 'b'.repeat(16) });
  });

  it('starts again from a damaged file, and leaves a bundle with no build mark to require()', () => {
    const dir = tempDir('shorty-code-cache-');
    const bundle = bundleIn(dir, CODE);
    load(bundle, dir, 'urls get');
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.cache')))
      writeFileSync(join(dir, name), 'not a cache');
    expect(load(bundle, dir, 'urls get')).toEqual({ answer: 42, wrote: true });
    expect(load(bundle, dir, 'urls get')).toEqual({ answer: 42, wrote: false });
    expect(cacheFiles(dir)).toEqual({ 'shorty-*-urls.get.cache': A, 'shorty-*.cache': A });

    const plain = tempDir('shorty-code-cache-');
    const unmarked = join(plain, 'plain.cjs');
    writeFileSync(unmarked, CODE);
    expect(load(unmarked, plain, '')).toEqual({ answer: 42, wrote: false });
    expect(cacheFiles(plain)).toEqual({});
  });

  it('keeps to 12 files a bundle: a new command then takes the base, a file of another build is still replaced', () => {
    const dir = tempDir('shorty-code-cache-');
    const bundle = bundleIn(dir, CODE);
    for (let i = 0; i < 14; i += 1) load(bundle, dir, `command${String.fromCharCode(97 + i)}`);
    expect(Object.keys(cacheFiles(dir))).toHaveLength(12);
    expect(cacheFiles(dir)['shorty-*-commandn.cache']).toBeUndefined();
    const rebuilt = bundleIn(dir, CODE, 'b'.repeat(16));
    load(rebuilt, dir, 'commanda');
    expect(cacheFiles(dir)['shorty-*-commanda.cache']).toBe('b'.repeat(16));
  });

  it('forgets the files of a bundle that is gone (a copy in a temp folder) when a run writes', () => {
    const dir = tempDir('shorty-code-cache-');
    const gone = bundleIn(tempDir('shorty-bundle-'), CODE);
    load(gone, dir, 'urls list');
    expect(Object.keys(cacheFiles(dir))).toHaveLength(2);
    rmSync(gone);
    const kept = bundleIn(tempDir('shorty-bundle-'), CODE);
    load(kept, dir, 'help');
    expect(Object.keys(cacheFiles(dir)).sort()).toEqual(['shorty-*-help.cache', 'shorty-*.cache']);
    // The files left are the kept bundle's: its next run takes them.
    expect(load(kept, dir, 'help')).toEqual({ answer: 42, wrote: false });
  });

  it('writes through no link a temp name may already be (the folder may be a shared one)', () => {
    const dir = tempDir('shorty-code-cache-');
    const bundle = bundleIn(dir, CODE);
    load(bundle, dir, 'help');
    const help = readdirSync(dir).find((name) => name.endsWith('-help.cache'))!;
    const victim = join(tempDir('shorty-victim-'), 'file');
    writeFileSync(victim, 'mine');
    rmSync(join(dir, help));
    symlinkSync(victim, join(dir, `${help}.${process.pid}`));
    load(bundle, dir, 'help');
    expect(readFileSync(victim, 'utf8')).toBe('mine');
  });

  it('on a Node with no compile cache folder, keeps a private folder under the temp folder', () => {
    const tmp = tempDir('shorty-tmp-');
    const dir = ownCacheDir(tmp, {});
    expect(dir).toBe(join(tmp, `shorty-code-cache-${process.getuid?.() ?? 'user'}`));
    expect(ownCacheDir(tmp, {})).toBe(dir);
    expect(ownCacheDir(tmp, { NODE_DISABLE_COMPILE_CACHE: '1' })).toBeUndefined();
    // One that others may write, or a link in its place, is not used.
    chmodSync(dir!, 0o777);
    expect(ownCacheDir(tmp, {})).toBeUndefined();
    const other = tempDir('shorty-tmp-');
    const elsewhere = join(other, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, join(other, `shorty-code-cache-${process.getuid?.() ?? 'user'}`));
    expect(ownCacheDir(other, {})).toBeUndefined();
  });

  it.each([
    [['urls', 'list', '--all'], 'urls list'],
    [['--help'], 'help'],
    [['help', 'urls', 'add'], 'help urls'],
    [['--version'], 'version'],
    [[], ''],
    [['api', '/links/123'], 'api'],
    [['urls', 'add', 'https://example.com', '-q'], 'urls add'],
  ])('a run of %j is the command %j', (argv, route) => {
    expect(routeOf(argv)).toBe(route);
  });

  it('is written only by a run that succeeded without working long (V8 may have dropped code it ran early)', () => {
    expect(teaches(0, { user: 80_000, system: 20_000 })).toBe(true);
    expect(teaches(2, { user: 80_000, system: 20_000 })).toBe(false);
    expect(teaches(0, { user: 900_000, system: 200_000 })).toBe(false);
  });

  it("hands the bundle bin/shorty.js's import()", async () => {
    const dir = tempDir('shorty-code-cache-');
    const bundle = bundleIn(dir, `${CODE}\nexports.load = (name) => __shortyHost(name);`);
    const { load: importer } = loadWithCodeCache(bundle, dir, '', () => {}) as { load(name: string): Promise<unknown> };
    expect(await importer('node:path')).toHaveProperty('join');
  });

  it('the build marks the bundle with a hash of its text', () => {
    const text = readFileSync(join(ROOT, 'dist', 'shorty.cjs'), 'utf8');
    const mark = /\n\/\/ shorty-build ([0-9a-f]{16})\n\/\/# sourceMappingURL=shorty\.cjs\.map\n$/.exec(text);
    expect(mark).not.toBeNull();
    const unmarked = text.replace(`// shorty-build ${mark![1]}\n`, '');
    expect(createHash('sha256').update(unmarked).digest('hex').slice(0, 16)).toBe(mark![1]);
    // Its import() calls go through the host bin/shorty.js hands it: one import() is left, the fallback.
    expect(text.match(/(?<![\w$.])import\(/g)).toEqual(['import(']);
  });
});
