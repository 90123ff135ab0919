// Chunks: parts of the CLI that only some commands run, built into files of their own in dist/
// and loaded the first time one of those commands imports them. The main bundle (and its code
// cache, read by every call, `shorty --help` included) then holds only what most calls need.
//
// Each chunk is reached through a stub the main build puts where the chunk's module would be:
// it asks bin/shorty.js's loader for the file (compiled with its code cache) or, when the bundle
// is require()d without that loader, require()s it. Run from sources (vitest), the imports reach
// the TypeScript modules as written: no stub, nothing to fall back from.
import { build } from 'esbuild';
import { resolve } from 'node:path';

/**
 * The chunks built from our sources. A chunk gets its own copy of every module it imports, so
 * it must share none with the main bundle except the stateless ones listed in `shared`
 * (constants, pure functions): a second copy of a class or of module state would break
 * `instanceof` and registries. The build checks it.
 */
export const SOURCE_CHUNKS = [
  { file: 'sandbox.cjs', entry: 'src/sandbox/command.ts', shared: ['src/api/types.ts'] },
];

/** What the main bundle gets in place of a chunk's module. */
function loaderStub(file) {
  return `module.exports = typeof __shorty === 'object' ? __shorty.load('${file}') : require('./${file}');`;
}

/**
 * Replaces each chunk's module in the main bundle by its loader stub; chunks are matched by the
 * path an import resolves to.
 */
export function chunkStubs() {
  const byEntry = new Map(SOURCE_CHUNKS.map((c) => [resolve(c.entry), c.file]));
  return {
    name: 'chunk-stubs',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
        if (args.namespace === 'chunk-stub') return undefined;
        const file = byEntry.get(resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts'));
        return file ? { path: file, namespace: 'chunk-stub' } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'chunk-stub' }, (args) => ({ contents: loaderStub(args.path), loader: 'js' }));
      b.onResolve({ filter: /^\.\/[\w-]+\.cjs$/, namespace: 'chunk-stub' }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/** Builds the source chunks with the main bundle's options; `mainInputs` is its metafile's inputs. */
export async function buildSourceChunks(options, mainInputs) {
  for (const chunk of SOURCE_CHUNKS) {
    const result = await build({ ...options, entryPoints: [chunk.entry], outfile: `dist/${chunk.file}`, metafile: true });
    const twice = Object.keys(result.metafile.inputs).filter((p) => p in mainInputs && !chunk.shared.includes(p));
    if (twice.length) {
      throw new Error(`dist/${chunk.file} would hold a second copy of ${twice.join(', ')}: `
        + 'load them from one place, or list them as shared in scripts/chunks.mjs if they hold no state');
    }
  }
  return SOURCE_CHUNKS.map((c) => `dist/${c.file}`);
}
