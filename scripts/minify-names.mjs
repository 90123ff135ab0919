// The last step of a bundle of shorty's own code (dist/cli.cjs, the single executable's script):
// its identifiers shortened. A smaller file is read, and its compiled code loaded, at every start
// (docs/design/performance.md has the figures). It comes after the eager compile, which finds
// esbuild's module wrappers by the paths they are keyed by, and a bundle built with minified
// names has no such keys. Nothing in shorty relies on a function's or a class's name: each error
// class names itself (src/errors.ts). The parentheses that make V8 compile a function with the
// file stay: esbuild keeps them.
import { transform } from 'esbuild';
import { composeSourceMaps } from './source-maps.mjs';

/** `code` (a CommonJS bundle) with short names; with `map`, its source map, one for the result. */
export async function minifyNames(code, map) {
  const result = await transform(code, {
    format: 'cjs',
    minifyIdentifiers: true,
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: map ? 'external' : false,
    sourcefile: 'bundle.cjs',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return { code: result.code, map: map && composeSourceMaps(JSON.parse(result.map), map) };
}
