#!/usr/bin/env node
// Start-up benchmark: how much slower is `shorty ...` than the physical limit, a one-line script
// that prints a version? Every command runs once per round, in a rotating order, so drift on a
// shared machine hits all of them alike; the medians are compared.
//   node bench/startup.mjs [--rounds 31] [--floors]      (run `npm run build` first)
// --floors adds what one GET of the same list costs with node:http and no CLI around it: how
// much of `urls list` is the HTTP client's own start-up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addLink, arg, BIN, cleanEnv as shellFreeEnv, startSandbox } from './lib.mjs';

const FLOORS = process.argv.includes('--floors');

const rounds = Math.max(21, Number(arg('--rounds')) || 31);
const WARMUP = 3;

/** The environment of every run, both sides: no extra CA file to load, nothing from the shell. */
function cleanEnv(extra = {}) {
  const env = shellFreeEnv(extra);
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

function timeOnce({ args, env }) {
  const start = process.hrtime.bigint();
  const res = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 0) throw new Error(`node ${args.join(' ')} exited ${res.status}: ${res.stderr}`);
  return ms;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One GET of the list and its body on stdout, `get(url, headers, done)` being the client. */
function floorScript(client) {
  return `const url = process.env.SHORTY_BASE_URL + '/api/urls';
const headers = { authorization: 'Bearer ' + process.env.SHORTY_API_KEY, accept: 'application/json' };
${client}
get(url, headers, (body) => { require('node:fs').writeSync(1, body); process.exit(0); });
`;
}

const HTTP_FLOOR = floorScript(`function get(url, headers, done) {
  require('node:http').get(url, { headers }, (res) => {
    const chunks = [];
    res.on('data', (chunk) => chunks.push(chunk));
    res.on('end', () => done(Buffer.concat(chunks)));
  });
}`);

/** A few links so the list has rows to print. */
async function seedLinks(sandbox, count) {
  for (let i = 0; i < count; i += 1) await addLink(sandbox, { url: `https://example.com/bench/${i}` });
}

/** `urls list` if it exists yet, else the nearest list-shaped command that does. */
function pickListCommand(env) {
  for (const args of [['urls', 'list'], ['api', 'GET', '/urls'], ['account', 'get']]) {
    const res = spawnSync(process.execPath, [BIN, ...args], { env, stdio: 'ignore' });
    if (res.status === 0) return args;
  }
  throw new Error('no list command works against the sandbox');
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-'));
  writeFileSync(join(dir, 'version.cjs'), "process.stdout.write('1.0.0\\n');\n");
  writeFileSync(join(dir, 'http-get.cjs'), HTTP_FLOOR);
  const sandbox = await startSandbox({ rateLimit: '100000/1s', env: cleanEnv({ SHORTY_CONFIG_DIR: join(dir, 'server') }), stderr: 'inherit' });
  try {
    await seedLinks(sandbox, 20);
    const shortyEnv = cleanEnv({
      ...sandbox.env,
      SHORTY_CONFIG_DIR: join(dir, 'config'),
      SHORTY_RATE_LIMIT: '100000/1s',
    });
    const listArgs = pickListCommand(shortyEnv);
    const reference = { name: 'node version.cjs', args: [join(dir, 'version.cjs')], env: cleanEnv() };
    const cases = [
      reference,
      { name: 'node -e 0', args: ['-e', '0'], env: cleanEnv() },
      { name: 'shorty --version', args: [BIN, '--version'], env: shortyEnv, goal: 1.1 },
      { name: 'shorty --help', args: [BIN, '--help'], env: shortyEnv, goal: 1.25 },
      { name: `shorty ${listArgs.join(' ')}`, args: [BIN, ...listArgs], env: shortyEnv, goal: 1.8 },
      ...(FLOORS ? [
        { name: 'GET, node:http, no CLI', args: [join(dir, 'http-get.cjs')], env: shortyEnv },
      ] : []),
    ];
    const samples = new Map(cases.map((c) => [c, []]));
    for (let round = 0; round < WARMUP + rounds; round += 1) {
      for (let k = 0; k < cases.length; k += 1) {
        const c = cases[(round + k) % cases.length];
        const ms = timeOnce(c);
        if (round >= WARMUP) samples.get(c).push(ms);
      }
    }
    report(cases, samples, reference);
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(cases, samples, reference) {
  const base = median(samples.get(reference));
  console.log(`node ${process.version}, ${rounds} rounds (+${WARMUP} warm-up), alternating; medians`);
  console.log(`${'command'.padEnd(26)}${'median ms'.padStart(10)}${'ratio'.padStart(8)}${'goal'.padStart(8)}`);
  let failed = false;
  for (const c of cases) {
    const ms = median(samples.get(c));
    const ratio = ms / base;
    const verdict = c.goal === undefined ? '' : ratio <= c.goal ? `<= ${c.goal}  ok` : `<= ${c.goal}  MISSED`;
    if (c.goal !== undefined && ratio > c.goal) failed = true;
    console.log(`${c.name.padEnd(26)}${ms.toFixed(1).padStart(10)}${ratio.toFixed(2).padStart(8)}  ${verdict}`);
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
