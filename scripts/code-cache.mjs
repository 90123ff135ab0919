// The build side of bin/shorty.js's code cache. bin/shorty.js compiles dist/*.cjs itself (with
// vm.Script, so it can hand V8 the cache) and passes the bundle `__shorty`; a script compiled that
// way can't use import() without an experimental flag, so the bundle's import() calls go through
// `__shortyImport`, which uses `__shorty.import` when it is there and a plain import() when the
// bundle is require()d. Then each file gets a build mark and, written by a run of the built CLI
// (scripts/write-code-cache.cjs), its cache.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';

/** Appended to the bundle by esbuild: hoisted, so every import() call below can use it. */
export const IMPORT_FOOTER = 'function __shortyImport(specifier) {\n'
  + '  return typeof __shorty === "object" ? __shorty.import(specifier) : import(specifier);\n}';

/** Rewrites `import("pkg")` to `__shortyImport("pkg")`; only dependencies and node: modules may be imported. */
export async function routeDynamicImports(file, external) {
  const source = await readFile(file, 'utf8');
  const isExternal = (spec) => spec.startsWith('node:') || external.some((name) => spec === name || spec.startsWith(`${name}/`));
  const routed = source.replace(/\bimport\("([^"]+)"\)/g, (call, spec) => {
    if (!isExternal(spec)) throw new Error(`unexpected dynamic import of "${spec}" in ${file}`);
    return `__shortyImport("${spec}")`;
  });
  const left = routed.replace(IMPORT_FOOTER, '').match(/\bimport\(/g);
  if (left) throw new Error(`${file} still has ${left.length} import() call(s) that bin/shorty.js can't serve`);
  await writeFile(file, routed);
}

/** Marks each file with its build id, then writes the caches from representative runs. */
export async function writeCodeCaches(files) {
  const { BUILD_MARK, BUILD_ID_LENGTH } = await import('../bin/shorty.js');
  for (const file of files) {
    await rm(`${file}.cache`, { force: true });
    await rm(`${file}.help.cache`, { force: true });
    const bytes = await readFile(file);
    // bin/shorty.js decodes these files as latin1, which reads ASCII (esbuild's default charset) right.
    const wide = bytes.findIndex((byte) => byte > 0x7f);
    if (wide !== -1) throw new Error(`${file} has a non-ASCII byte at ${wide}: bin/shorty.js reads dist/ as ASCII`);
    const id = createHash('sha256').update(bytes).digest('hex').slice(0, BUILD_ID_LENGTH);
    await appendFile(file, `${BUILD_MARK}${id}\n`);
  }
  // V8 rejects a cache made under other flags: no NODE_OPTIONS from the shell.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const names = files.map((file) => basename(file));
  for (const mode of ['help', 'requests']) {
    execFileSync(process.execPath, ['scripts/write-code-cache.cjs', mode, ...names], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}
