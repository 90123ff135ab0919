#!/usr/bin/env node
// Export benchmark: `shorty urls export` of N links must cost ceil(N / page size) requests (each
// request is a slot of the rate limit), whatever the page size. With --list, `urls list --all` is
// measured too: its goal is ceil(N / 500), the page size it shares with export. Counts come from
// the sandbox's own request counter, not from the client.
//   node bench/export.mjs [--links 2500] [--page-sizes 500,100,1000,5000] [--list]   (run `npm run build` first)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { addLink, arg, BIN, cleanEnv, startSandbox, recordResults } from './lib.mjs';

const LINKS = Number(arg('--links') ?? 2500);
const PAGE_SIZES = (arg('--page-sizes') ?? '500,100,1000,5000').split(',').map(Number);
const LIST = process.argv.includes('--list');
/** BULK_PAGE_SIZE of src/api/paginate.ts: what `list --all` asks for. */
const LIST_PAGE_SIZE = 500;
const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-export-'));
const CONFIG_DIR = join(dir, 'config');

/** Creates the links straight through the API, several at a time (not what is measured). */
async function seed(sandbox, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await addLink(sandbox, {
        url: `https://example.com/export/${i}?a=b,c`,
        ...(i % 5 === 0 ? { custom: `exp-${i}` } : {}),
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** One run of `args`: the data rows it printed, the requests the sandbox received, the wall time. */
async function measure(sandbox, args, pageSize, headerLines) {
  await sandbox.reset();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [BIN, ...args], {
    env: cleanEnv({ SHORTY_CONFIG_DIR: CONFIG_DIR, ...sandbox.env, SHORTY_RATE_LIMIT: '999999/1s' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let rows = -headerLines;
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', () => (rows += 1));
  child.stderr.on('data', (c) => (stderr += c));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`shorty ${args.join(' ')} exited ${code}: ${stderr}`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const stats = await sandbox.stats();
  return { pageSize, rows, requests: stats.requests, expected: Math.ceil(LINKS / pageSize), seconds };
}

const exportOnce = (sandbox, pageSize) =>
  measure(sandbox, ['urls', 'export', '--page-size', String(pageSize)], pageSize, 1);

const sandbox = await startSandbox({ rateLimit: '10000000/1s', env: cleanEnv({ SHORTY_CONFIG_DIR: CONFIG_DIR }) });
const results = [];
let list;
try {
  await seed(sandbox, LINKS);
  for (const pageSize of PAGE_SIZES) results.push(await exportOnce(sandbox, pageSize));
  if (LIST) list = await measure(sandbox, ['urls', 'list', '--all', '-q'], LIST_PAGE_SIZE, 0);
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

const out = recordResults('export');
out.log(`links ${LINKS}`);
out.log('page size  rows     requests  ceil(N/size)  seconds');
for (const r of results) {
  out.log(
    `${String(r.pageSize).padEnd(10)} ${String(r.rows).padEnd(8)} ${String(r.requests).padEnd(9)} ${String(r.expected).padEnd(13)} ${r.seconds.toFixed(2)}`,
  );
}
let ok = results.every((r) => r.requests === r.expected && r.rows === LINKS);
out.log(ok ? 'every export: requests = ceil(N / page size), all links written' : 'MISMATCH');
if (list) {
  out.log(
    `urls list --all: ${list.rows} rows, ${list.requests} requests sent, goal ceil(${LINKS}/${LIST_PAGE_SIZE}) = ${list.expected}, ` +
      `${list.seconds.toFixed(2)} s (at 15 a page it would be ${Math.ceil(LINKS / 15)})`,
  );
  ok &&= list.requests === list.expected && list.rows === LINKS;
}
out.save();
process.exitCode = ok ? 0 : 1;
