// Runs `work` with a TypeScript module of the project's own that imports the sources (a generator
// under scripts/): bundled first, as the CLI is, inside the project so that the bundle's imports
// resolve to its node_modules, and removed afterwards.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function withBundledTs(root, entry, work) {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'shorty-bundled-'));
  try {
    const bundle = join(out, 'entry.mjs');
    await build({
      entryPoints: [join(root, entry)],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    return await work(await import(pathToFileURL(bundle).href));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
