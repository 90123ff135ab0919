import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { changedSince, listTree, redirectHome, shortyFilesOfHome } from './hermetic.js';

/**
 * e2e tests run the BUILT CLI: build once before any test file runs. Then the run gets a home and
 * a temp folder of its own (the workers and every process they start inherit them); after it, the
 * run fails when something was written to the real home or left in that temp folder.
 */
export default function setup(): () => void {
  // For a quick run of unit tests only, while dist/ is known to be fresh.
  if (process.env.SHORTY_TEST_NO_BUILD !== '1') {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  }
  const realHome = shortyFilesOfHome();
  const runRoot = mkdtempSync(join(tmpdir(), 'shorty-run-'));
  const restore = redirectHome(runRoot);
  const runTmp = process.env.TMPDIR!;
  return () => {
    const leftBehind = listTree(runTmp);
    restore();
    const escaped = changedSince(realHome, shortyFilesOfHome());
    rmSync(runRoot, { recursive: true, force: true });
    const problems = [
      ...escaped.map((path) => `written to the real home: ${path}`),
      ...leftBehind.map((path) => `left behind in the temp folder: ${path}`),
    ];
    if (problems.length > 0) {
      // vitest reports an error thrown here but still exits 0: the exit status must say it too.
      process.exitCode = 1;
      throw new Error(`the tests were not hermetic:\n  ${problems.join('\n  ')}`);
    }
  };
}
