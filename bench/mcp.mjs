#!/usr/bin/env node
// MCP start-up: the time from spawning `shorty mcp` to the answer to its first `tools/list`, as an
// assistant sees it when it starts the server (goal: at most 300 ms on Node 24). The requests are
// written at once, as clients do; the clock stops at the line that answers tools/list. Each round
// also times `shorty --help` in the same conditions, the floor of any command.
//   node bench/mcp.mjs [--rounds 21] [--node /path/to/node]... [--compare /other/bin/shorty.js]
// (run `npm run build` first). Writes bench/results/mcp.md. --compare times another build in the
// same rounds, alternating which goes first, so a change is measured side by side.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, BIN, cleanEnv, recordResults } from './lib.mjs';

const rounds = Number(arg('--rounds')) || 21;
const WARMUP = 2;
const GOAL_MS = 300;
const out = recordResults('mcp');
const nodes = process.argv.flatMap((a, i) => (a === '--node' ? [process.argv[i + 1]] : []));
const compare = arg('--compare');
const builds = [{ name: 'this', bin: BIN }, ...(compare ? [{ name: 'compare', bin: compare }] : [])];
if (nodes.length === 0) nodes.push(process.execPath);

const REQUESTS = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
]
  .map((m) => `${JSON.stringify(m)}\n`)
  .join('');

/**
 * CPU time (ms) a process has used so far, where /proc tells it (Linux); else NaN. The run time of
 * each of its threads (schedstat, in ns) where the kernel keeps it, else user + system time in
 * clock ticks (10 ms each): too coarse to tell builds a few ms apart.
 */
function cpuMs(pid) {
  const tasks = `/proc/${pid}/task`;
  if (existsSync(`${tasks}/${pid}/schedstat`)) {
    let ns = 0;
    for (const task of readdirSync(tasks)) {
      try {
        ns += Number(readFileSync(`${tasks}/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // a thread that ended meanwhile
      }
    }
    return ns / 1e6;
  }
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return Number.NaN;
  // Fields 14 and 15 (utime, stime) after the command name in parentheses, in clock ticks (100/s).
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** How cpuMs measures on this machine, for the figures' legend. */
const CPU_SOURCE = existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`)
  ? 'the run time of its threads, /proc schedstat'
  : 'user + system, /proc stat, 10 ms ticks';

function firstToolsList(node, bin, env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(node, [bin, 'mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let text = '';
    let stderr = '';
    let ms;
    child.stderr.on('data', (c) => (stderr += c));
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (ms === undefined && /"id":2[,}]/.test(text) && text.endsWith('\n')) {
        ms = Number(process.hrtime.bigint() - start) / 1e6;
        const cpu = cpuMs(child.pid);
        const tools = JSON.parse(text.trim().split('\n').pop()).result.tools.length;
        child.stdin.end();
        child.once('exit', (code) =>
          code === 0 ? resolve({ ms, cpu, tools }) : reject(new Error(`exit ${code}: ${stderr}`)),
        );
      }
    });
    child.once('error', reject);
    child.stdin.write(REQUESTS);
  });
}

function helpOnce(node, bin, env) {
  const start = process.hrtime.bigint();
  const res = spawnSync(node, [bin, '--help'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.status !== 0) throw new Error(`--help exited ${res.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const home = mkdtempSync(join(tmpdir(), 'shorty-bench-mcp-'));
try {
  const env = cleanEnv({
    SHORTY_CONFIG_DIR: home,
    SHORTY_BASE_URL: 'http://127.0.0.1:9',
    SHORTY_API_KEY: 'sk_bench_0123456789',
  });
  out.log(
    `${rounds} rounds (after ${WARMUP} warm-up), each: spawn shorty mcp -> initialize + tools/list -> answer; then shorty --help`,
  );
  if (compare) out.log('each round runs this build and the one of --compare, alternating which goes first');
  out.log(`wall: spawn to the tools/list answer; cpu: CPU time of the server by then (${CPU_SOURCE})`);
  out.log(
    `node      ${compare ? 'build    ' : ''}tools  wall median ms  p90 ms  min ms  cpu median ms  --help wall median ms  goal (wall)`,
  );
  for (const node of nodes) {
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const runs = builds.map(() => ({ mcp: [], cpu: [], help: [], tools: 0 }));
    for (let i = 0; i < WARMUP + rounds; i++) {
      for (let k = 0; k < builds.length; k++) {
        const at = (i + k) % builds.length;
        const run = await firstToolsList(node, builds[at].bin, env);
        const h = helpOnce(node, builds[at].bin, env);
        if (i < WARMUP) continue;
        runs[at].mcp.push(run.ms);
        runs[at].cpu.push(run.cpu);
        runs[at].help.push(h);
        runs[at].tools = run.tools;
      }
    }
    builds.forEach((build, at) => {
      const { mcp, cpu, help, tools } = runs[at];
      const m = median(mcp);
      out.log(
        [
          version.padEnd(9),
          ...(compare ? [build.name.padEnd(8)] : []),
          String(tools).padEnd(6),
          m.toFixed(0).padEnd(15),
          pct(mcp, 0.9).toFixed(0).padEnd(7),
          Math.min(...mcp)
            .toFixed(0)
            .padEnd(7),
          median(cpu).toFixed(0).padEnd(14),
          median(help).toFixed(0).padEnd(22),
          m <= GOAL_MS ? `met (<= ${GOAL_MS})` : `missed (> ${GOAL_MS})`,
        ].join(' '),
      );
    });
  }
  out.save();
} finally {
  rmSync(home, { recursive: true, force: true });
}
