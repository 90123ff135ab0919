// Bundles the CLI into CommonJS: dist/shorty.cjs, loaded by every run, and the chunks only some
// commands load (scripts/chunks.mjs). Our code and commander are bundled (they are needed on
// every run); the heavier dependencies stay external and are loaded with import() only by the
// commands that use them, so `shorty --help` never pays for inquirer or the CSV stack.
// Start-up is what a CLI called in a loop pays on every call, so the bundle is minified (less
// for V8 to scan) and commander's top-level require of child_process (used only for stand-alone
// executable subcommands, which shorty has none of) is deferred to the moment it is used.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { buildSourceChunks, chunkStubs } from './chunks.mjs';
import { IMPORT_FOOTER, routeDynamicImports, writeCodeCaches } from './code-cache.mjs';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== 'commander');

const EAGER_CHILD_PROCESS = "const childProcess = require('node:child_process');";
const LAZY_CHILD_PROCESS = "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };";

/** Rewrites commander's eager child_process require; fails loudly if commander changed shape. */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(EAGER_CHILD_PROCESS)) {
        throw new Error('commander no longer requires child_process as expected: update scripts/build.mjs');
      }
      return { contents: source.replace(EAGER_CHILD_PROCESS, LAZY_CHILD_PROCESS), loader: 'js' };
    });
  },
};

// Shared by the main bundle and the source chunks (scripts/chunks.mjs).
const options = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external,
  // Whitespace and syntax only: identifiers keep their names, so error names (UsageError...)
  // and profiles stay readable; renaming them would save no measurable start-up time.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'none',
  define: { __SHORTY_VERSION__: JSON.stringify(pkg.version) },
  footer: { js: IMPORT_FOOTER },
  logLevel: 'warning',
};

const main = await build({
  ...options,
  entryPoints: ['src/entry.ts'],
  outfile: 'dist/shorty.cjs',
  metafile: true,
  plugins: [lazyChildProcess, chunkStubs()],
});
const chunks = await buildSourceChunks(options, main.metafile.inputs);
for (const file of ['dist/shorty.cjs', ...chunks]) await routeDynamicImports(file, external);
await writeCodeCaches(['dist/shorty.cjs', ...chunks]);
