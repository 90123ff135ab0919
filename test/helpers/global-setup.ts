import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** e2e tests run the BUILT CLI: build once before any test file runs. */
export default function setup(): void {
  // For a quick run of unit tests only, while dist/ is known to be fresh.
  if (process.env.SHORTY_TEST_NO_BUILD === '1') return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
