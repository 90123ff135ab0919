// `npm run lint:deps`: checks the layers of src/ against the rules in .dependency-cruiser.cjs.
//
// dependency-cruiser reads TypeScript through the typescript package's JavaScript API, which
// TypeScript 7 no longer ships. So it is handed each source file as JavaScript made by esbuild,
// in a copy of the tree in .lint-deps/ (beside node_modules, so the packages resolve), with the
// type-only imports kept as imports: a layer may not lean on another even for a type.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const mirror = join(root, '.lint-deps');

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `import type {…} from` and `export type {…} from` become plain imports and re-exports. */
function keepTypeImports(text) {
  return text.replace(/^import type /gm, 'import ').replace(/^export type (?=[{*])/gm, 'export ');
}

rmSync(mirror, { recursive: true, force: true });
// dependency-cruiser tells npm dependencies from dev dependencies by the package.json beside it.
mkdirSync(mirror, { recursive: true });
copyFileSync(join(root, 'package.json'), join(mirror, 'package.json'));
for (const file of sources(join(root, 'src'))) {
  const { code } = await transform(keepTypeImports(readFileSync(file, 'utf8')), {
    loader: 'ts',
    format: 'esm',
    // Keeps every import statement, even one whose names are only used as types.
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
  });
  const target = join(mirror, relative(root, file)).replace(/\.ts$/, '.js');
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, code);
}

const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
try {
  const out = execFileSync(
    process.execPath,
    [depcruise, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err', 'src'],
    { cwd: mirror, encoding: 'utf8' },
  );
  process.stdout.write(out.replace(/(src\/[\w/.-]+)\.js\b/g, '$1.ts'));
} catch (err) {
  // Names the real files (.ts) in the violations, not the copies.
  process.stdout.write(String(err.stdout ?? '').replace(/(src\/[\w/.-]+)\.js\b/g, '$1.ts'));
  process.stderr.write(String(err.stderr ?? ''));
  process.exitCode = 1;
}
