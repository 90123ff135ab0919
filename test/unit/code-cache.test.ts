import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';

interface Loader {
  loadWithCodeCache(bundle: string, dir: string, route: string, atExit: (save: () => void) => void): unknown;
  routeOf(argv: string[]): string;
  teaches(cpu: { user: number; system: number }): boolean;
}
const { loadWithCodeCache, routeOf, teaches } = createRequire(import.meta.url)('../../bin/shorty.js') as Loader;

/** A bundle as the build writes it: code, then its build mark before the source map comment. */
function bundleIn(dir: string, code: string, build = 'a'.repeat(16)): string {
  const file = join(dir, 'bundle.cjs');
  writeFileSync(file, `${code}\n// shorty-build ${build}\n//# sourceMappingURL=bundle.cjs.map\n`);
  return file;
}

/** Loads `bundle` as bin/shorty.js does, then runs what it would run at exit; the cache file's header after it. */
function load(bundle: string, dir: string, route: string) {
  const saves: (() => void)[] = [];
  const exports = loadWithCodeCache(bundle, dir, route, (save) => saves.push(save)) as { answer(): number };
  const answer = exports.answer();
  for (const save of saves) save();
  return { answer, wrote: saves.length > 0, header: cacheHeader(dir) };
}

function cacheHeader(dir: string): unknown {
  const [name] = readdirSync(dir).filter((f) => f.endsWith('.cache'));
  if (name === undefined) return undefined;
  const bytes = readFileSync(join(dir, name));
  return JSON.parse(bytes.toString('utf8', 0, bytes.indexOf(10)));
}

const CODE = 'function answer() { return [6, 7].reduce((a, b) => a * b); }\nexports.answer = answer;';

describe("the bundle's V8 code cache (bin/shorty.js)", () => {
  it('is written after a first run, and a run of another command adds to it what V8 took', () => {
    const dir = tempDir('shorty-code-cache-');
    const bundle = bundleIn(dir, CODE);
    expect(load(bundle, dir, 'urls list')).toEqual({
      answer: 42,
      wrote: true,
      header: { build: 'a'.repeat(16), routes: ['urls list'] },
    });
    // Accepted by V8: the routes it was taught are kept.
    expect(load(bundle, dir, '').header).toEqual({ build: 'a'.repeat(16), routes: ['urls list', ''] });
    // A command it has seen teaches it nothing: the file is not written again.
    expect(load(bundle, dir, 'urls list')).toMatchObject({ answer: 42, wrote: false });
  });

  it('is not used for another build of the bundle, even of the same length', () => {
    const dir = tempDir('shorty-code-cache-');
    load(bundleIn(dir, CODE), dir, 'urls list');
    const other = bundleIn(dir, CODE.replace('6, 7', '7, 8'), 'b'.repeat(16));
    expect(load(other, dir, '')).toEqual({ answer: 56, wrote: true, header: { build: 'b'.repeat(16), routes: [''] } });
  });

  it('starts again from a damaged file, and leaves a bundle with no build mark to require()', () => {
    const dir = tempDir('shorty-code-cache-');
    const bundle = bundleIn(dir, CODE);
    load(bundle, dir, 'urls list');
    const [name] = readdirSync(dir).filter((f) => f.endsWith('.cache'));
    writeFileSync(join(dir, name), 'not a cache');
    expect(load(bundle, dir, 'urls get')).toMatchObject({ answer: 42, header: { routes: ['urls get'] } });

    const plain = tempDir('shorty-code-cache-');
    const unmarked = join(plain, 'plain.cjs');
    writeFileSync(unmarked, CODE);
    expect(load(unmarked, plain, '')).toEqual({ answer: 42, wrote: false, header: undefined });
  });

  it.each([
    [['urls', 'list', '--all'], 'urls list'],
    [['--help'], ''],
    [['api', '/links/123'], 'api'],
    [['urls', 'add', 'https://example.com', '-q'], 'urls add'],
    [['-o', 'json', 'help', 'urls'], 'json help'],
  ])('a run of %j teaches it the route %j', (argv, route) => {
    expect(routeOf(argv)).toBe(route);
  });

  it('is not taught by a run that worked a long time (V8 may have dropped what it did not call)', () => {
    expect(teaches({ user: 80_000, system: 20_000 })).toBe(true);
    expect(teaches({ user: 900_000, system: 200_000 })).toBe(false);
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

  it("hands the bundle bin/shorty.js's import()", async () => {
    const dir = tempDir('shorty-code-cache-');
    const bundle = bundleIn(dir, `${CODE}\nexports.load = (name) => __shortyHost(name);`);
    const { load: importer } = loadWithCodeCache(bundle, dir, '', () => {}) as { load(name: string): Promise<unknown> };
    expect(await importer('node:path')).toHaveProperty('join');
  });
});
