// Bundles the CLI into one CommonJS file, dist/shorty.cjs: our code and commander, which every
// run needs. The other dependencies stay external and are loaded with import() by the code that
// uses them, so `shorty --help` never loads the HTTP client, inquirer or the CSV stack.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/entry.ts'],
  outfile: 'dist/shorty.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: Object.keys(pkg.dependencies).filter((name) => name !== 'commander'),
  // Whitespace and syntax only: identifiers keep their names, so error names stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'none',
  define: { __SHORTY_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
