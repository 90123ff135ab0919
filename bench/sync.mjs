#!/usr/bin/env node
// Sync benchmark: `shorty urls sync` of a file of N links against an account that already holds
// them, with K rows changed, must cost the list pages (ceil(N / 500)) plus K writes; a second run
// of the same file right after must cost the list pages alone. Counts come from the sandbox's own
// request counter, not from the client.
//   node bench/sync.mjs [--links 1000] [--changed 10]   (run `npm run build` first)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addLink, arg, BIN, cleanEnv, startSandbox, recordResults } from './lib.mjs';

const LINKS = Number(arg('--links') ?? 1000);
const CHANGED = Number(arg('--changed') ?? 10);
/** BULK_PAGE_SIZE of src/api/paginate.ts: the list pages sync reads. */
const PAGE_SIZE = 500;
const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-sync-'));
const CONFIG_DIR = join(dir, 'config');
const alias = (i) => `sync-${String(i).padStart(5, '0')}`;

/** Creates the links straight through the API, several at a time (not what is measured). */
async function seed(sandbox) {
  let next = 0;
  const worker = async () => {
    while (next < LINKS) {
      const i = next++;
      await addLink(sandbox, { url: `https://example.com/sync/${i}`, custom: alias(i), metatitle: `Title ${i}` });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** The file: every link as seeded, the first CHANGED rows (spread over the file) with a new title. */
function writeFile(path) {
  const step = Math.max(1, Math.floor(LINKS / CHANGED));
  const changed = new Set(Array.from({ length: CHANGED }, (_, k) => k * step));
  const rows = Array.from(
    { length: LINKS },
    (_, i) => `${alias(i)},https://example.com/sync/${i},${changed.has(i) ? `New title ${i}` : `Title ${i}`}`,
  );
  writeFileSync(path, `alias,url,title\n${rows.join('\n')}\n`);
}

async function measure(sandbox, file) {
  await sandbox.reset();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [BIN, 'urls', 'sync', file, '--prune', '-y'], {
    env: cleanEnv({ SHORTY_CONFIG_DIR: CONFIG_DIR, ...sandbox.env, SHORTY_RATE_LIMIT: '999999/1s' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`shorty urls sync exited ${code}: ${stderr}`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const updated = stdout.split('\n').filter((l) => l.startsWith('✓ updated')).length;
  return { requests: (await sandbox.stats()).requests, updated, seconds };
}

const sandbox = await startSandbox({ rateLimit: '10000000/1s', env: cleanEnv({ SHORTY_CONFIG_DIR: CONFIG_DIR }) });
let apply;
let again;
try {
  await seed(sandbox);
  const file = join(dir, 'links.csv');
  writeFile(file);
  apply = await measure(sandbox, file);
  again = await measure(sandbox, file);
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

const pages = Math.ceil(LINKS / PAGE_SIZE);
const out = recordResults('sync');
out.log(`links ${LINKS}, changed ${CHANGED}`);
out.log('run                    requests  goal  updated  seconds');
out.log(
  `apply (${CHANGED} changed)`.padEnd(23),
  String(apply.requests).padEnd(9),
  String(pages + CHANGED).padEnd(5),
  String(apply.updated).padEnd(8),
  apply.seconds.toFixed(2),
);
out.log(
  'again (nothing to do)'.padEnd(23),
  String(again.requests).padEnd(9),
  String(pages).padEnd(5),
  String(again.updated).padEnd(8),
  again.seconds.toFixed(2),
);
const ok =
  apply.requests === pages + CHANGED && apply.updated === CHANGED && again.requests === pages && again.updated === 0;
out.log(ok ? `goal met: list pages + ${CHANGED} writes, then list pages alone` : 'MISMATCH');
out.save();
process.exitCode = ok ? 0 : 1;
