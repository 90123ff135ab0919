#!/usr/bin/env node
// Start-up benchmark: how much slower is `shorty ...` than Node starting and doing nothing
// (`node -e 0`), on each Node given? Each round runs every case once, in a rotating order, so drift
// on a shared machine hits all of them alike; the medians are compared. Two references beside it:
// a one-line script that prints a version, and bench/list-floor.cjs, which does the I/O of
// `urls list` (config, rate-limit state, the request, the rows) and nothing else, alone and behind
// a commander program of shorty's shape (bench/list-floor-parsed.cjs, bundled here as shorty's
// bundle is, and with Node's compile cache on).
//   node bench/startup.mjs [--rounds 31] [--node /path/to/node]... [--compare /other/bin/shorty.js]
//     [--binary dist/shorty]
// (run `npm run build` first). --compare times another build's --help and urls list in the same
// rounds, so a change is measured side by side with what it changes. --binary times the single
// executable (`npm run build:binary`) in the same rounds too. With python3 on the machine, the
// root help is timed in a pseudo-terminal as well, where a person reads it (a small Python program
// makes the terminal and times the run from its fork to its end), beside `node -e 0` in one.
// Without --node, the Node binaries come from SHORTY_BENCH_NODES (separated by ':'), else the
// one running this script.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { lazyChildProcess } from '../scripts/build-plugins.mjs';
import { addLink, arg, BIN, cleanEnv as shellFreeEnv, startSandbox, recordResults } from './lib.mjs';

const LIST_FLOOR = fileURLToPath(new URL('./list-floor.cjs', import.meta.url));
const PARSED_FLOOR = fileURLToPath(new URL('./list-floor-parsed.cjs', import.meta.url));

const rounds = Number(arg('--rounds')) || 31;
const WARMUP = 3;
const GOALS = { help: 1.3, list: 2.0 };
const out = recordResults('startup');

function nodeBinaries() {
  const given = process.argv.flatMap((a, i) => (a === '--node' ? [process.argv[i + 1]] : []));
  if (given.length) return given;
  if (process.env.SHORTY_BENCH_NODES) return process.env.SHORTY_BENCH_NODES.split(':').filter(Boolean);
  return [process.execPath];
}

/** Both sides run without an extra CA file to load and without the shell's settings. */
function cleanEnv(extra = {}) {
  const env = shellFreeEnv(extra);
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/**
 * CPU time (user + system, ms) of this process's waited-for children so far, where Linux tells it
 * (/proc, in 10 ms ticks: summed over the rounds, the mean is finer). On a loaded machine a start's
 * wall time is mostly waiting for a core; its CPU time is not.
 */
const childCpuMs = existsSync('/proc/self/stat')
  ? () => {
      const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
      return (Number(fields[13]) + Number(fields[14])) * 10;
    }
  : undefined;

/**
 * Runs argv in a pseudo-terminal of 80 × 24, and prints how long it took from its fork to its end
 * (ms): Python's own start is not in it.
 */
const IN_A_TERMINAL = `
import fcntl, os, pty, struct, sys, termios, time
start = time.perf_counter()
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 80, 0, 0))
    os.execv(sys.argv[1], sys.argv[1:])
while True:
    try:
        if not os.read(fd, 65536):
            break
    except OSError:
        break
_, status = os.waitpid(pid, 0)
print((time.perf_counter() - start) * 1000)
sys.exit(os.waitstatus_to_exitcode(status))
`;

const hasPython = spawnSync('python3', ['-c', 'import pty'], { stdio: 'ignore' }).status === 0;

function timeOnce(node, { args, env, command, terminal }) {
  const cpuBefore = childCpuMs?.();
  const start = process.hrtime.bigint();
  const res = terminal
    ? spawnSync('python3', ['-c', IN_A_TERMINAL, node, ...args], { env, encoding: 'utf8' })
    : spawnSync(command ?? node, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 0) throw new Error(`${node} ${args.join(' ')} exited ${res.status}: ${res.stderr}`);
  if (terminal) {
    return { ms: Number(res.stdout.trim()) };
  }
  return { ms, cpu: childCpuMs ? childCpuMs() - cpuBefore : undefined };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function benchOne(node, cases) {
  const samples = cases.map(() => []);
  const cpu = cases.map(() => 0);
  for (let round = 0; round < WARMUP + rounds; round += 1) {
    for (let k = 0; k < cases.length; k += 1) {
      const at = (round + k) % cases.length;
      const time = timeOnce(node, cases[at]);
      if (round < WARMUP) continue;
      samples[at].push(time.ms);
      cpu[at] += time.cpu ?? Number.NaN;
    }
  }
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const base = median(samples[0]);
  const cpuBase = cpu[0] / rounds;
  out.log(`\nnode ${version}: ${rounds} rounds (+${WARMUP} warm-up), alternating; medians, CPU time: means`);
  out.log(
    `${'command'.padEnd(22)}${'ms'.padStart(8)}${'ratio'.padStart(8)}${'cpu ms'.padStart(8)}${'ratio'.padStart(8)}  goal`,
  );
  let missed = false;
  // In a terminal, `node -e 0` in one is the base: making it costs Node a little too.
  const ttyBase = cases.findIndex((c) => c.terminal);
  cases.forEach((c, i) => {
    const ms = median(samples[i]);
    const ratio = ms / (c.terminal ? median(samples[ttyBase]) : base);
    const verdict = c.goal === undefined ? '' : `<= ${c.goal.toFixed(1)} ${ratio <= c.goal ? 'ok' : 'MISSED'}`;
    if (c.goal !== undefined && ratio > c.goal) missed = true;
    const cpuMs = cpu[i] / rounds;
    // The terminal's child was Python's fork before it was Node: its CPU time is not Node's alone.
    const cpuCols = c.terminal
      ? `${'-'.padStart(8)}${'-'.padStart(8)}`
      : `${cpuMs.toFixed(1).padStart(8)}${(cpuMs / cpuBase).toFixed(2).padStart(8)}`;
    out.log(`${c.name.padEnd(22)}${ms.toFixed(1).padStart(8)}${ratio.toFixed(2).padStart(8)}${cpuCols}  ${verdict}`);
  });
  return missed;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-'));
  const version = join(dir, 'version.cjs');
  writeFileSync(version, "process.stdout.write('1.0.0\\n');\n");
  const sandbox = await startSandbox({
    rateLimit: '100000/1s',
    env: cleanEnv({ SHORTY_CONFIG_DIR: join(dir, 'server') }),
  });
  let missed = false;
  try {
    for (let i = 0; i < 20; i += 1) await addLink(sandbox, { url: `https://example.com/bench/${i}` });
    const shortyEnv = cleanEnv({
      ...sandbox.env,
      SHORTY_CONFIG_DIR: join(dir, 'config'),
      SHORTY_RATE_LIMIT: '100000/1s',
    });
    const parsedFloor = join(dir, 'list-floor-parsed.cjs');
    await build({
      entryPoints: [PARSED_FLOOR],
      outfile: parsedFloor,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      plugins: [lazyChildProcess],
      logLevel: 'warning',
    });
    const floorEnv = {
      ...shortyEnv,
      SHORTY_CONFIG_DIR: join(dir, 'floor'),
      NODE_COMPILE_CACHE: join(dir, 'floor-cache'),
    };
    const cases = [
      { name: 'node -e 0', args: ['-e', '0'], env: cleanEnv() },
      { name: 'node version.cjs', args: [version], env: cleanEnv() },
      { name: 'list floor', args: [LIST_FLOOR], env: floorEnv },
      { name: 'list floor, parsed', args: [parsedFloor, 'urls', 'list'], env: floorEnv },
      { name: 'shorty --version', args: [BIN, '--version'], env: shortyEnv },
      { name: 'shorty --help', args: [BIN, '--help'], env: shortyEnv, goal: GOALS.help },
      { name: 'shorty urls list', args: [BIN, 'urls', 'list'], env: shortyEnv, goal: GOALS.list },
    ];
    if (hasPython) {
      cases.push(
        { name: 'node -e 0 (tty)', args: ['-e', '0'], env: cleanEnv(), terminal: true },
        { name: 'shorty --help (tty)', args: [BIN, '--help'], env: shortyEnv, terminal: true, goal: GOALS.help },
      );
    }
    const other = arg('--compare');
    if (other) {
      const otherEnv = { ...shortyEnv, SHORTY_CONFIG_DIR: join(dir, 'config-compared') };
      cases.push(
        { name: 'compared --help', args: [other, '--help'], env: otherEnv },
        { name: 'compared urls list', args: [other, 'urls', 'list'], env: otherEnv },
      );
      if (hasPython)
        cases.push({ name: 'compared --help (tty)', args: [other, '--help'], env: otherEnv, terminal: true });
    }
    const binary = arg('--binary');
    if (binary) {
      const binaryEnv = { ...shortyEnv, SHORTY_CONFIG_DIR: join(dir, 'config-binary') };
      cases.push(
        { name: 'binary --help', command: binary, args: ['--help'], env: binaryEnv },
        { name: 'binary urls list', command: binary, args: ['urls', 'list'], env: binaryEnv },
      );
    }
    for (const node of nodeBinaries()) missed = benchOne(node, cases) || missed;
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
  out.save();
  process.exitCode = missed ? 1 : 0;
}

await main();
