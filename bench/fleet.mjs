#!/usr/bin/env node
// Fleet benchmark: several machines on one API key, each a shell loop of separate `shorty urls add`
// processes in its own config folder (no shared state file), against one sandbox at 6/2s (--rate).
// With a Redis rate store they share one budget: the goal is 0 rejections and a wall time within
// 1.1 x the ideal ((ceil(N / cap) - 1) * window). Without it, each machine paces itself alone and
// the server rejects what the machines together send above its cap. Node's start-up bounds a
// loop of processes too: the floor is the same fleet against a server whose cap never binds.
//   node bench/fleet.mjs [--machines 3] [--count 10] [--rate 6/2s]
//   (run `npm run build` first; needs redis-server on PATH)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, BIN, cleanEnv, startSandbox, recordResults, textTable, startRedis } from './lib.mjs';

const MACHINES = Number(arg('--machines') ?? 3);
const COUNT = Number(arg('--count') ?? 10);
const RATE = arg('--rate') ?? '6/2s';
const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-fleet-'));

async function run(command, args, env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (c) => (stdout += c));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${command} exited ${code}`);
  return stdout;
}

/** `MACHINES` loops in parallel, each in its own config folder; returns the wall time and the server's counts. */
async function fleet(flags, serverRate = RATE) {
  const sb = await startSandbox({ rateLimit: serverRate });
  const script = `fails=0; for i in $(seq ${COUNT}); do "${process.execPath}" "${BIN}" urls add "https://example.com/$i" -q ${flags} > /dev/null 2>&1 || fails=$((fails+1)); done; echo $fails`;
  try {
    const started = Date.now();
    const outs = await Promise.all(
      Array.from({ length: MACHINES }, () => {
        const env = cleanEnv({
          SHORTY_BASE_URL: sb.baseUrl,
          SHORTY_API_KEY: sb.apiKey,
          SHORTY_CONFIG_DIR: mkdtempSync(join(dir, 'machine-')),
        });
        return run('sh', ['-c', script], env);
      }),
    );
    const ms = Date.now() - started;
    return { ms, failed: outs.reduce((sum, out) => sum + Number(out.trim()), 0), ...(await sb.stats()) };
  } finally {
    await sb.close();
  }
}

const total = MACHINES * COUNT;
const [limit, window] = RATE.split('/');
const idealMs = (Math.ceil(total / Number(limit)) - 1) * Number.parseFloat(window) * 1000;
const rows = [];
let floorMs = 0;
function report(name, r) {
  rows.push({
    scenario: name,
    requests: r.requests,
    'wall s': (r.ms / 1000).toFixed(2),
    'ideal s': (idealMs / 1000).toFixed(2),
    'start-up floor s': (floorMs / 1000).toFixed(2),
    'wall / ideal': (r.ms / idealMs).toFixed(3),
    'wall / max(ideal, floor)': (r.ms / Math.max(idealMs, floorMs)).toFixed(3),
    rejected: r.rejected,
    failed: r.failed,
  });
  console.error(`done: ${name}`);
}

const redis = await startRedis();
try {
  const flags = `--rate-limit ${RATE}`;
  // The start-up floor: the same loops, through Redis, against a server whose cap never binds.
  floorMs = (await fleet(`--rate-limit 100000/1s --rate-store ${redis.url}`, '100000/1s')).ms;
  report(`${MACHINES} machines x ${COUNT}, Redis store`, await fleet(`${flags} --rate-store ${redis.url}`));
  report(`${MACHINES} machines x ${COUNT}, a state file each`, await fleet(flags));
  const out = recordResults('fleet');
  out.log(textTable(rows));
  out.save();
} finally {
  redis.close();
  rmSync(dir, { recursive: true, force: true });
}
