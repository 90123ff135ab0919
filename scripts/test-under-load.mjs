// `npm run test:under-load`: the whole suite, several times in a row, while busy loops keep every
// core occupied, as on a shared or slow CI machine. A test that depends on the machine's speed
// (a sleep for ordering, a tight time limit) fails here; the run ends with one line per round.
//   node scripts/test-under-load.mjs [--runs 5] [--busy 4] [-- vitest arguments]
import { spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}
const RUNS = option('--runs', 5);
const BUSY = option('--busy', 4);
const dashes = process.argv.indexOf('--');
const vitestArgs = dashes === -1 ? [] : process.argv.slice(dashes + 1);

const deps = spawnSync(process.execPath, ['scripts/test-deps.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (deps.status !== 0) process.exit(deps.status ?? 1);

// CPU-bound processes of their own (not threads of this one), as other jobs on the machine would be.
const busy = Array.from({ length: BUSY }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBusy = () => {
  for (const child of busy) child.kill('SIGKILL');
};
process.once('SIGINT', () => {
  stopBusy();
  process.exit(130);
});

const rounds = [];
for (let round = 1; round <= RUNS; round++) {
  const started = Date.now();
  // dist/ is built by the first round; later ones use it as it is.
  const env = round === 1 ? process.env : { ...process.env, SHORTY_TEST_NO_BUILD: '1' };
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [VITEST, 'run', ...vitestArgs], { cwd: ROOT, env, stdio: 'inherit' });
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  rounds.push({ round, code, seconds: (Date.now() - started) / 1000, load: loadavg()[0] });
}
stopBusy();

console.log(`\nunder load (${BUSY} busy processes beside the suite):`);
for (const r of rounds) {
  console.log(
    `  round ${r.round}: ${r.code === 0 ? 'green' : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(0)} s, load ${r.load.toFixed(1)}`,
  );
}
const failed = rounds.filter((r) => r.code !== 0).length;
console.log(failed === 0 ? `all ${RUNS} rounds green` : `${failed} of ${RUNS} rounds failed`);
process.exit(failed === 0 ? 0 : 1);
