#!/usr/bin/env node
// MCP start-up: the time from spawning `shorty mcp` to the answer to its first `tools/list`, as an
// assistant sees it when it starts the server (goal: at most 300 ms on Node 24). The requests are
// written at once, as clients do; the clock stops at the line that answers tools/list. Each round
// also times `shorty --help` in the same conditions, the floor of any command.
//   node bench/mcp.mjs [--rounds 21] [--node /path/to/node]...
// (run `npm run build` first). Writes bench/results/mcp.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, BIN, cleanEnv, recordResults } from './lib.mjs';

const rounds = Number(arg('--rounds')) || 21;
const WARMUP = 2;
const GOAL_MS = 300;
const out = recordResults('mcp');
const nodes = process.argv.flatMap((a, i) => (a === '--node' ? [process.argv[i + 1]] : []));
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

/** CPU time (user + system, ms) a process has used so far, where /proc tells it (Linux); else NaN. */
function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return Number.NaN;
  // Fields 14 and 15 (utime, stime) after the command name in parentheses, in clock ticks (100/s).
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function firstToolsList(node, env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(node, [BIN, 'mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
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

function helpOnce(node, env) {
  const start = process.hrtime.bigint();
  const res = spawnSync(node, [BIN, '--help'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  out.log('wall: spawn to the tools/list answer; cpu: user + system time of the server by then (/proc, 10 ms ticks)');
  out.log('node      tools  wall median ms  p90 ms  min ms  cpu median ms  --help wall median ms  goal (wall)');
  for (const node of nodes) {
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const mcp = [];
    const cpu = [];
    const help = [];
    let tools = 0;
    for (let i = 0; i < WARMUP + rounds; i++) {
      const run = await firstToolsList(node, env);
      const h = helpOnce(node, env);
      if (i < WARMUP) continue;
      mcp.push(run.ms);
      cpu.push(run.cpu);
      help.push(h);
      tools = run.tools;
    }
    const m = median(mcp);
    out.log(
      [
        version.padEnd(9),
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
  }
  out.save();
} finally {
  rmSync(home, { recursive: true, force: true });
}
