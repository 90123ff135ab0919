// Writes the command reference (docs/commands/*.md) and the man pages (man/*.1, man/*.7) from the
// command tree that `--help` prints, and package.json's `man` field; a test fails when they are
// stale. The generator is TypeScript that imports the sources: it is bundled first, as the CLI is.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkgFile = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));

// Inside the project, so that the bundle's imports resolve to its node_modules.
const cache = join(root, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(join(cache, 'shorty-docs-'));
try {
  const bundle = join(out, 'generate.mjs');
  await build({
    entryPoints: [join(root, 'scripts/docs/generate.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const { generateDocs, GENERATED_DIRS } = await import(pathToFileURL(bundle).href);
  const { files, man } = await generateDocs(pkg.version);
  for (const dir of GENERATED_DIRS) {
    for (const name of readdirSync(join(root, dir), { withFileTypes: true }).filter((e) => e.isFile())) {
      if (!files.has(`${dir}/${name.name}`)) rmSync(join(root, dir, name.name));
    }
  }
  for (const [path, content] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  if (JSON.stringify(pkg.man) !== JSON.stringify(man)) {
    // Next to `bin`, as npm's docs show it.
    const entries = Object.entries(pkg).filter(([key]) => key !== 'man');
    const at = entries.findIndex(([key]) => key === 'bin') + 1;
    entries.splice(at, 0, ['man', man]);
    writeFileSync(pkgFile, `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`);
  }
  console.log(`${files.size} files in ${GENERATED_DIRS.join(', ')}; ${man.length} man pages in package.json`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
