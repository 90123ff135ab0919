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
import { addLink, arg, BIN, cleanEnv, startSandbox } from './lib.mjs';

const LINKS = Number(arg('--links') ?? 2500);
const PAGE_SIZES = (arg('--page-sizes') ?? '500,100,1000,5000').split(',').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-export-'));
const CONFIG_DIR = join(dir, 'config');

/** Creates the links straight through the API, several at a time (not what is measured). */
async function seed(sandbox, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await addLink(sandbox, { url: `https://example.com/export/${i}?a=b,c`, ...(i % 5 === 0 ? { custom: `exp-${i}` } : {}) });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

async function exportOnce(sandbox, pageSize) {
  await sandbox.reset();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [BIN, 'urls', 'export', '--page-size', String(pageSize)], {
    env: cleanEnv({ SHORTY_CONFIG_DIR: CONFIG_DIR, ...sandbox.env, SHORTY_RATE_LIMIT: '999999/1s' }), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let rows = -1; // the header line
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', () => (rows += 1));
  child.stderr.on('data', (c) => (stderr += c));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`export exited ${code}: ${stderr}`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const stats = await sandbox.stats();
  return { pageSize, rows, requests: stats.requests, expected: Math.ceil(LINKS / pageSize), seconds };
}

const sandbox = await startSandbox({ rateLimit: '10000000/1s', env: cleanEnv({ SHORTY_CONFIG_DIR: CONFIG_DIR }) });
const results = [];
try {
  await seed(sandbox, LINKS);
  for (const pageSize of PAGE_SIZES) results.push(await exportOnce(sandbox, pageSize));
} finally {
  await sandbox.close();
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
