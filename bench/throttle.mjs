#!/usr/bin/env node
// Throttle benchmark: how close the client limiter gets to the server's cap without going over.
// Each scenario runs against its own sandbox process and config folder and reports the wall
// time, the ideal time ((ceil(N / cap) - 1) * window: the least any client within the cap needs)
// and the number of requests the sandbox rejected. Separate processes also pay Node's start-up,
// so their floor (the same loop against a sandbox with no effective cap) is measured too.
//   node bench/throttle.mjs [--quick] [--only in-process|loop|binding|unknown]
//   (run `npm run build` first; needs esbuild, a dev dependency)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { build } from 'esbuild';
import { arg, BIN, cleanEnv, ROOT, startSandbox, recordResults, textTable } from './lib.mjs';

const QUICK = process.argv.includes('--quick');
const ONLY = arg('--only');
const wanted = (name) => ONLY === undefined || name.includes(ONLY);
const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-throttle-'));

/** In-process requests: the real limiter and transport from src/, bundled on the fly. */
const DRIVER = join(ROOT, 'node_modules', '.cache', 'shorty-bench', 'throttle-driver.mjs');
const DRIVER_SOURCE = `
import { Writable } from 'node:stream';
import { abortableSleep } from './src/util/sleep.ts';
import { createLimiter } from './src/api/rate-limit.ts';
import { createTransport } from './src/api/http.ts';
import { parseRateLimit } from './src/settings/rate-limit-spec.ts';
import { createSecrets } from './src/util/secrets.ts';
const [baseUrl, apiKey, rate, count, configDir] = process.argv.slice(2);
const quiet = new Writable({ write: (_c, _e, done) => done() });
const io = { stdout: process.stdout, stderr: quiet, stdin: process.stdin, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false };
const run = { io, now: () => Date.now(), sleep: abortableSleep, signal: new AbortController().signal, secrets: createSecrets() };
const settings = { profile: 'default', configDir, baseUrl, apiKey, rateLimit: parseRateLimit(rate), timeoutMs: 30000, insecure: false, debug: false, wait: true };
const transport = await createTransport({ ...run, settings, limiter: await createLimiter(run, settings) });
let failed = 0;
const started = Date.now();
for (let i = 0; i < Number(count); i++) {
  const res = await transport.send({ method: 'GET', url: baseUrl + '/api/account', headers: { authorization: 'Bearer ' + apiKey } });
  if (Number(res.json?.error) !== 0) failed++;
}
const ms = Date.now() - started;
await transport.close();
console.log(JSON.stringify({ ms, failed }));
`;

async function run(command, args, env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr}`);
  return stdout;
}

const newConfig = () => {
  const path = mkdtempSync(join(dir, 'config-'));
  return path;
};

async function inProcess(serverRate, clientRate, count) {
  const sb = await startSandbox({ rateLimit: serverRate });
  try {
    const out = await run(
      process.execPath,
      [DRIVER, sb.baseUrl, sb.apiKey, clientRate, String(count), newConfig()],
      cleanEnv({}),
    );
    const { ms, failed } = JSON.parse(out);
    return { ms, failed, ...(await sb.stats()) };
  } finally {
    await sb.close();
  }
}

/** `loops` shell loops in parallel, each running `count` separate `shorty` processes. */
async function shellLoops(serverRate, clientRate, count, loops) {
  const sb = await startSandbox({ rateLimit: serverRate });
  const configDir = newConfig();
  const flag = clientRate ? `--rate-limit ${clientRate}` : '';
  const script = `fails=0; for i in $(seq ${count}); do "${process.execPath}" "${BIN}" api GET /account ${flag} > /dev/null 2>&1 || fails=$((fails+1)); done; echo $fails`;
  const env = cleanEnv({ SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey, SHORTY_CONFIG_DIR: configDir });
  try {
    const started = Date.now();
    const outs = await Promise.all(Array.from({ length: loops }, () => run('sh', ['-c', script], env)));
    const ms = Date.now() - started;
    const failed = outs.reduce((sum, out) => sum + Number(out.trim()), 0);
    return { ms, failed, ...(await sb.stats()) };
  } finally {
    await sb.close();
  }
}

function idealMs(rate, count) {
  const [limit, window] = rate.split('/');
  return (Math.ceil(count / Number(limit)) - 1) * Number.parseFloat(window) * 1000;
}

const rows = [];
function report(name, rate, count, result, floorMs) {
  const ideal = idealMs(rate, count);
  const bound = Math.max(ideal, floorMs ?? 0);
  rows.push({
    scenario: name,
    requests: result.requests,
    'wall s': (result.ms / 1000).toFixed(2),
    'ideal s': (ideal / 1000).toFixed(2),
    'start-up floor s': floorMs === undefined ? '-' : (floorMs / 1000).toFixed(2),
    'wall / max(ideal, floor)': (result.ms / bound).toFixed(3),
    rejected: result.rejected,
    failed: result.failed,
  });
  console.error(`done: ${name}`);
}

try {
  mkdirSync(join(DRIVER, '..'), { recursive: true });
  await build({
    stdin: { contents: DRIVER_SOURCE, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: DRIVER,
    // The libraries stay outside (found in node_modules from the driver's folder): bundled into
    // ESM, CommonJS ones such as write-file-atomic (which reads __filename) break.
    packages: 'external',
    logLevel: 'error',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const N = QUICK ? 30 : 60;
  const LOOP = QUICK ? 10 : 25;

  const scenarios = [
    [`in-process, ${N} requests, client 10/2s, server 10/2s`, '10/2s', N, () => inProcess('10/2s', '10/2s', N)],
    [
      `1 loop of ${LOOP} processes, client 5/2s, server 5/2s`,
      '5/2s',
      LOOP,
      () => shellLoops('5/2s', '5/2s', LOOP, 1),
      1,
    ],
    [
      `4 parallel loops of ${LOOP}, client 5/2s, server 5/2s`,
      '5/2s',
      4 * LOOP,
      () => shellLoops('5/2s', '5/2s', LOOP, 4),
      4,
    ],
    // On a slow machine Node's start-up (not the limiter) bounds the loops above; at 2/2s the cap binds.
    [
      `cap binding: 1 loop of ${LOOP} processes, client 2/2s, server 2/2s`,
      '2/2s',
      LOOP,
      () => shellLoops('2/2s', '2/2s', LOOP, 1),
      1,
    ],
    [
      `cap binding: 4 parallel loops of 10, client 2/2s, server 2/2s`,
      '2/2s',
      40,
      () => shellLoops('2/2s', '2/2s', 10, 4),
      '4x10',
    ],
    [
      `unknown cap, in-process ${N / 2}, client 30/60s, server 5/2s`,
      '5/2s',
      N / 2,
      () => inProcess('5/2s', '30/60s', N / 2),
    ],
    [
      `unknown cap, 1 loop of ${LOOP}, client default 30/60s, server 5/2s`,
      '5/2s',
      LOOP,
      () => shellLoops('5/2s', undefined, LOOP, 1),
      1,
    ],
    [
      `unknown cap, 4 parallel loops of ${LOOP}, client default, server 5/2s`,
      '5/2s',
      4 * LOOP,
      () => shellLoops('5/2s', undefined, LOOP, 4),
      4,
    ],
  ];
  /** Start-up floors: the same loops against a sandbox whose cap never binds. */
  const floors = new Map();
  for (const [name, rate, count, measure, loops] of scenarios.filter(([name]) => wanted(name))) {
    if (loops && !floors.has(loops)) {
      const [count, parallel] = loops === '4x10' ? [10, 4] : [LOOP, loops];
      floors.set(loops, (await shellLoops('100000/1s', '100000/1s', count, parallel)).ms);
    }
    report(name, rate, count, await measure(), loops ? floors.get(loops) : undefined);
  }

  const out = recordResults('throttle');
  out.log(textTable(rows));
  out.save();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
