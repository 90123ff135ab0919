// Bundles the CLI into one CommonJS file. Our code and commander are bundled (they are needed on
// every run); the heavier dependencies stay external and are loaded with import() only by the
// commands that use them, so `shorty --help` never pays for undici, inquirer or the CSV stack.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== 'commander');

await build({
  entryPoints: ['src/entry.ts'],
  outfile: 'dist/shorty.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external,
  sourcemap: 'linked',
  legalComments: 'none',
  define: { __SHORTY_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
