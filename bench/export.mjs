#!/usr/bin/env node
// Export benchmark: `shorty urls export` of N links must cost ceil(N / page size) requests (each
// request is a slot of the rate limit), whatever the page size. Counts come from the sandbox's own
// request counter, not from the client.
//   node bench/export.mjs [--links 2500] [--page-sizes 500,100,1000,5000]   (run `npm run build` first)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'shorty.js');
const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const LINKS = Number(arg('--links') ?? 2500);
const PAGE_SIZES = (arg('--page-sizes') ?? '500,100,1000,5000').split(',').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-export-'));

function cleanEnv(extra) {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  for (const key of Object.keys(env)) if (key.startsWith('SHORTY_')) delete env[key];
  return { ...env, SHORTY_CONFIG_DIR: join(dir, 'config'), ...extra };
}

function startSandbox() {
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--rate-limit', '10000000/1s'], {
    env: cleanEnv({}), stdio: ['ignore', 'pipe', 'ignore'],
  });
  const found = {};
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^(SHORTY_BASE_URL|SHORTY_API_KEY)=(.*)$/.exec(line);
      if (match) found[match[1]] = match[2];
      if (found.SHORTY_BASE_URL && found.SHORTY_API_KEY) resolve({ child, env: { ...found } });
    });
  });
}

/** Creates the links straight through the API, several at a time (not what is measured). */
async function seed({ SHORTY_BASE_URL: base, SHORTY_API_KEY: key }, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(`${base}/api/url/add`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `https://example.com/export/${i}?a=b,c`, ...(i % 5 === 0 ? { custom: `exp-${i}` } : {}) }),
      });
      const body = await res.json();
      if (body.error !== 0) throw new Error(`seeding failed: ${JSON.stringify(body)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const admin = (base, method, path) => fetch(`${base}/__sandbox/${path}`, { method }).then((r) => r.json());

async function exportOnce(env, pageSize) {
  await admin(env.SHORTY_BASE_URL, 'POST', 'reset');
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [BIN, 'urls', 'export', '--page-size', String(pageSize)], {
    env: cleanEnv({ ...env, SHORTY_RATE_LIMIT: '999999/1s' }), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let rows = -1; // the header line
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', () => (rows += 1));
  child.stderr.on('data', (c) => (stderr += c));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`export exited ${code}: ${stderr}`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const stats = await admin(env.SHORTY_BASE_URL, 'GET', 'stats');
  return { pageSize, rows, requests: stats.requests, expected: Math.ceil(LINKS / pageSize), seconds };
}

const sandbox = await startSandbox();
const results = [];
try {
  await seed(sandbox.env, LINKS);
  for (const pageSize of PAGE_SIZES) results.push(await exportOnce(sandbox.env, pageSize));
} finally {
  sandbox.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

console.log(`links ${LINKS}`);
console.log('page size  rows     requests  ceil(N/size)  seconds');
for (const r of results) {
  console.log(`${String(r.pageSize).padEnd(10)} ${String(r.rows).padEnd(8)} ${String(r.requests).padEnd(9)} ${String(r.expected).padEnd(13)} ${r.seconds.toFixed(2)}`);
}
const ok = results.every((r) => r.requests === r.expected && r.rows === LINKS);
console.log(ok ? 'every export: requests = ceil(N / page size), all links written' : 'MISMATCH');
process.exitCode = ok ? 0 : 1;
