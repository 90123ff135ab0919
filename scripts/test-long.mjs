// `npm run test:long`: the long proofs, apart from `npm test`'s minute. The model of the bulk
// commands over longer sequences and several seeds, the fuzz test over many more command lines,
// the concurrency tests with more rounds per process, then a soak of the model (bench/soak.mjs)
// whose figures go to a temp file, not to bench/results/.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** What the tests read to run long (test/model/bulk-model.test.ts, test/reliability/*.test.ts). */
const LONG = {
  SHORTY_TEST_LONG: '1',
  MODEL_STEPS: '40',
  MODEL_RUNS: '5',
  SHORTY_FUZZ_RUNS: '20000',
};
const LONG_FILES = ['test/model', 'test/reliability/fuzz.test.ts', 'test/reliability/concurrency.test.ts'];

function step(name, args, env = process.env) {
  console.log(`\ntest:long: ${name}`);
  const res = spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`test:long: ${name} failed`);
    process.exit(res.status ?? 1);
  }
}

step('the model, fuzz and concurrency tests, long', [VITEST, 'run', ...LONG_FILES], { ...process.env, ...LONG });
const out = mkdtempSync(join(tmpdir(), 'shorty-soak-'));
try {
  step('the soak', ['bench/soak.mjs', '--steps', '300', '--out', join(out, 'soak.md')]);
} finally {
  rmSync(out, { recursive: true, force: true });
}
