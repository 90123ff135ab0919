// Writes the command reference (docs/commands/*.md) and the man pages (man/*.1, man/*.7) from the
// command tree that `--help` prints, and package.json's `man` field; a test fails when they are
// stale. The generator is TypeScript that imports the sources: it is bundled first, as the CLI is.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBundledTs } from './bundled-ts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkgFile = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));

await withBundledTs(root, 'scripts/docs/generate.ts', async ({ generateDocs, GENERATED_DIRS }) => {
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
});
