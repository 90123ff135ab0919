#!/usr/bin/env node
// Outage benchmark: an import left alone through faults, its undo, and kill -9 with resumes.
//  1. 300 rows against a `shorty sandbox` process that fails about one request in ten, every kind
//     of fault mixed (refused-like drops, resets, lost answers, late answers past the client's
//     timeout, HTML 500/502 pages, empty and cut-off bodies): the import must exit 0 with exactly
//     300 links, none duplicated. Wall time is compared with the ideal at the cap.
//  2. `urls import --undo` of that journal: no link of the run may be left.
//  3. A 200-row import killed with SIGKILL at random points and resumed each time: exactly 200 links.
//   node bench/outages.mjs [--rows 300] [--kill-rows 200] [--kills 8] [--seed 11]   (run `npm run build` first)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, BIN, cleanEnv, startSandbox, recordResults } from './lib.mjs';

const ROWS = Number(arg('--rows') ?? 300);
const KILL_ROWS = Number(arg('--kill-rows') ?? 200);
const KILLS = Number(arg('--kills') ?? 8);
const SEED = Number(arg('--seed') ?? 11);
const CAP = '30/2s';
const CAP_PER_MS = 30 / 2000;
const KINDS = ['drop', 'lost', 'reset', 'late', 'html500', 'html502', 'truncated', 'empty'];
const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-outages-'));

async function fault(sandbox, setting) {
  const res = await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    body: JSON.stringify(setting),
    headers: { 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`faults: ${await res.text()}`);
}

async function links(sandbox) {
  const res = await fetch(`${sandbox.baseUrl}/api/urls?limit=100000`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  return (await res.json()).data.urls;
}

/** Runs the built CLI; resolves with its exit code (null when killed), stderr and the wall time. */
function shorty(args, env, { killAfterMs } = {}) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return once(child, 'exit').then(([code, signal]) => {
    clearTimeout(timer);
    return { code, signal, stderr, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  });
}

function writeRows(name, n) {
  const path = join(dir, `${name}.csv`);
  // Every fifth row has a custom alias: those lost answers are looked up by alias, the others in the newest links.
  const rows = Array.from(
    { length: n },
    (_, i) => `https://${name}.example/item/${i + 1},${i % 5 === 4 ? `${name}-${i + 1}` : ''}`,
  );
  writeFileSync(path, `url,custom\n${rows.join('\n')}\n`);
  return path;
}

function check(ok, what) {
  if (!ok) throw new Error(`FAILED: ${what}`);
}

function duplicates(list, prefix) {
  const counts = new Map();
  for (const l of list.filter((x) => x.longurl.startsWith(prefix)))
    counts.set(l.longurl, (counts.get(l.longurl) ?? 0) + 1);
  return {
    distinct: counts.size,
    total: [...counts.values()].reduce((a, b) => a + b, 0),
    dup: [...counts.values()].filter((c) => c > 1).length,
  };
}

const results = {};
try {
  const sandbox = await startSandbox({ rateLimit: CAP, env: cleanEnv({ SHORTY_CONFIG_DIR: join(dir, 'sandbox') }) });
  try {
    const env = cleanEnv({
      SHORTY_CONFIG_DIR: join(dir, 'config'),
      ...sandbox.env,
      SHORTY_RATE_LIMIT: CAP,
      SHORTY_TIMEOUT: '1',
      SHORTY_RETRY_BACKOFF: '200ms,2s',
    });

    // 1. The unattended import.
    const input = writeRows('outage', ROWS);
    const journal = join(dir, 'outage.journal');
    await fault(sandbox, { modes: KINDS, rate: 0.1, seed: SEED, delayMs: 1500 });
    const run = await shorty(['urls', 'import', input, '--journal', journal], env);
    const served = await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json();
    await fault(sandbox, { mode: null });
    const waits = run.stderr.split('\n').filter((l) => l.includes('; trying again in')).length;
    const made = duplicates(await links(sandbox), 'https://outage.example/');
    const ideal = ROWS / CAP_PER_MS / 1000;
    results.import = {
      exit: run.code,
      seconds: run.seconds,
      ideal,
      requests: served.length,
      faulted: served.filter((r) => r.fault).length,
      waits,
      ...made,
    };
    check(run.code === 0, `import exit ${run.code}: ${run.stderr.slice(-2000)}`);
    check(made.total === ROWS && made.distinct === ROWS && made.dup === 0, `import made ${JSON.stringify(made)}`);

    // 2. Its undo.
    const undo = await shorty(['urls', 'import', '--undo', journal, '-y'], env);
    const left = duplicates(await links(sandbox), 'https://outage.example/');
    results.undo = { exit: undo.code, seconds: undo.seconds, left: left.total };
    check(
      undo.code === 0 && left.total === 0,
      `undo exit ${undo.code}, ${left.total} left: ${undo.stderr.slice(-2000)}`,
    );

    // 3. kill -9 at random points, resumed each time.
    const killInput = writeRows('killed', KILL_ROWS);
    const killJournal = join(dir, 'killed.journal');
    await fault(sandbox, { modes: ['late', 'lost', 'reset'], rate: 0.1, seed: SEED + 1, delayMs: 1500 });
    let kills = 0;
    let found = 0;
    let last;
    const killStarted = process.hrtime.bigint();
    for (let i = 0; i < KILLS + 20; i++) {
      const killAfterMs = kills < KILLS ? 800 + Math.random() * 2500 : undefined;
      last = await shorty(['urls', 'import', killInput, '--journal', killJournal], env, { killAfterMs });
      found += Number(/: (\d+) found on the server/.exec(last.stderr)?.[1] ?? 0);
      if (last.signal === 'SIGKILL') kills += 1;
      else if (last.code === 0) break;
    }
    await fault(sandbox, { mode: null });
    const killed = duplicates(await links(sandbox), 'https://killed.example/');
    results.kill = {
      kills,
      found,
      exit: last.code,
      seconds: Number(process.hrtime.bigint() - killStarted) / 1e9,
      ideal: KILL_ROWS / CAP_PER_MS / 1000,
      ...killed,
    };
    check(
      last.code === 0 && killed.total === KILL_ROWS && killed.distinct === KILL_ROWS,
      `kill: ${JSON.stringify(results.kill)}`,
    );
  } finally {
    await sandbox.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify(results, null, 2));
}

const r = results;
const out = recordResults('outages');
out.log(
  `\nimport ${ROWS} rows at ${CAP}, ~1 request in 10 faulted (${r.import.faulted} of ${r.import.requests} requests, ${r.import.waits} waits):` +
    ` exit ${r.import.exit}, ${r.import.total} links (${r.import.dup} duplicated), ${r.import.seconds.toFixed(1)} s vs ${r.import.ideal.toFixed(1)} s ideal` +
    ` (${((r.import.seconds / r.import.ideal - 1) * 100).toFixed(0)} % over)`,
);
out.log(`undo: exit ${r.undo.exit}, ${r.undo.left} links left, ${r.undo.seconds.toFixed(1)} s`);
out.log(
  `kill -9: ${r.kill.kills} kills, ${r.kill.found} lost creates found on resume, ${r.kill.total} links for ${KILL_ROWS} rows` +
    ` (${r.kill.dup} duplicated), ${r.kill.seconds.toFixed(1)} s in all vs ${r.kill.ideal.toFixed(1)} s ideal`,
);
out.save();
