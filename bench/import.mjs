#!/usr/bin/env node
// Import benchmark: throughput and peak memory of `shorty urls import` on 10,000 and 100,000-row
// CSV files, first with --dry-run (read + validate + write results), then sending every row to a
// local sandbox with a cap too high to matter. Memory must not grow with the input: the goal is a
// peak RSS under 120 MiB and a 100k/10k peak-RSS ratio of at most 1.2.
//   node bench/import.mjs [--sizes 10000,100000] [--skip-send]     (run `npm run build` first)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { arg, BIN, cleanEnv, startSandbox, recordResults } from './lib.mjs';

const SIZES = (arg('--sizes') ?? '10000,100000').split(',').map(Number);
const SEND = !process.argv.includes('--skip-send');
const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-import-'));
const CONFIG_DIR = join(dir, 'config');

/** Records the peak RSS of the process it is preloaded into, at exit. */
const PROBE = join(dir, 'rss-probe.cjs');
writeFileSync(
  PROBE,
  "process.on('exit', () => require('fs').writeFileSync(process.env.RSS_OUT, String(process.resourceUsage().maxRSS)));\n",
);

/** A CSV with the awkward parts real spreadsheets have: quoted commas, quotes, UTF-8. */
async function writeCsv(path, rows) {
  const out = createWriteStream(path);
  out.write('url,custom,metatitle,note\r\n');
  for (let i = 1; i <= rows; i += 1) {
    const custom = i % 10 === 0 ? `bench-${i}` : '';
    const line = `https://example.com/products/${i}?ref=bench&x=${i * 7},${custom},"Product ${i}, ""special"" Grüße",row ${i}\r\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Runs the CLI with the probe; stdout goes nowhere (the results are counted by the exit code). */
async function runImport(args, env) {
  const rssOut = join(dir, `rss-${Math.random().toString(16).slice(2)}`);
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['-r', PROBE, BIN, 'urls', 'import', ...args], {
    env: cleanEnv({ SHORTY_CONFIG_DIR: CONFIG_DIR, ...env, RSS_OUT: rssOut }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const [code] = await once(child, 'exit');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) throw new Error(`import ${args.join(' ')} exited ${code}: ${stderr}`);
  return { seconds, rssMiB: Number(readFileSync(rssOut, 'utf8')) / 1024 };
}

const fmt = (n, digits = 1) => n.toFixed(digits);
const results = [];
try {
  for (const size of SIZES) {
    const file = join(dir, `rows-${size}.csv`);
    await writeCsv(file, size);
    const dry = await runImport([file, '--dry-run'], { SHORTY_RATE_LIMIT: '30/60s' });
    results.push({ mode: 'dry-run', size, ...dry });
    if (SEND) {
      const sandbox = await startSandbox({
        rateLimit: '10000000/1s',
        env: cleanEnv({ SHORTY_CONFIG_DIR: CONFIG_DIR }),
      });
      try {
        const sent = await runImport([file], { ...sandbox.env, SHORTY_RATE_LIMIT: '999999/1s' });
        results.push({ mode: 'sandbox', size, ...sent });
      } finally {
        await sandbox.close();
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const out = recordResults('import');
out.log('mode       rows     seconds  rows/s    peak RSS MiB');
for (const r of results) {
  out.log(
    `${r.mode.padEnd(10)} ${String(r.size).padEnd(8)} ${fmt(r.seconds, 2).padEnd(8)} ${String(Math.round(r.size / r.seconds)).padEnd(9)} ${fmt(r.rssMiB)}`,
  );
}
for (const mode of ['dry-run', 'sandbox']) {
  const small = results.find((r) => r.mode === mode && r.size === Math.min(...SIZES));
  const large = results.find((r) => r.mode === mode && r.size === Math.max(...SIZES));
  if (small && large && small !== large) {
    const ratio = large.rssMiB / small.rssMiB;
    const ok = large.rssMiB < 120 && ratio <= 1.2;
    out.log(
      `${mode}: peak RSS ${large.size}/${small.size} ratio ${fmt(ratio, 2)} (goal <= 1.2), peak ${fmt(large.rssMiB)} MiB (goal < 120): ${ok ? 'met' : 'NOT met'}`,
    );
  }
}
out.save();
