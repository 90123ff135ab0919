// Bundles the CLI into one CommonJS file, dist/shorty.cjs: our code, commander, which every run
// needs, and write-file-atomic, which every request needs for the rate-limit state (inside the
// bundle it is initialised on first use all the same: `urls list` 3-5 ms sooner on Node 24, side by
// side). The other dependencies stay external and
// are loaded with import() by the code that uses them, so `shorty --help` never loads the HTTP
// client, inquirer or the CSV stack.
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const BUNDLED = ['commander', 'write-file-atomic'];

const { outputFiles } = await build({
  entryPoints: ['src/entry.ts'],
  outfile: 'dist/shorty.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: Object.keys(pkg.dependencies).filter((name) => !BUNDLED.includes(name)),
  // Whitespace and syntax only: identifiers keep their names, so error names stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'none',
  define: { __SHORTY_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
  write: false,
});

await mkdir('dist', { recursive: true });
for (const { path, text } of outputFiles) await writeFile(path, text);
