#!/usr/bin/env node
// Rate-limit benchmark: what each part of the client limiter buys, side by side in one run.
// The CLI is built once per variant: as built, and with a part switched off by a patch of its
// source (a patch that no longer applies means the part is gone, and the variant is skipped).
// Four workloads, all at a server and client cap of 20/2s:
//   loop      one shell loop of separate `shorty api GET /account` processes
//   parallel  four such loops at once, one config folder (one state file)
//   import    one `shorty urls import` of a CSV (one process, requests one after another)
//   fleet     three "machines" (config folders) looping `shorty urls add`, one Redis rate store
// Runs are interleaved (variant by variant within each round) so a busy machine weighs on all
// variants alike; the table shows the median wall time of the rounds, the ideal time
// ((ceil(N / cap) - 1) * window: the least any client within the cap needs) and every request
// the server refused for its rate limit (429), summed over the rounds.
//   node bench/rate-limit.mjs [--runs 5] [--only loop,import] [--out bench/results/rate-limit.md]
//   (run `npm run build` first; needs esbuild, a dev dependency, and redis-server on PATH)
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { arg, cleanEnv, ROOT, startSandbox, startRedis } from './lib.mjs';

const RUNS = Number(arg('--runs') ?? 5);
const ONLY = arg('--only')?.split(',');
const OUT = arg('--out') ?? join(ROOT, 'bench', 'results', 'rate-limit.md');
const RATE = '20/2s';
const dir = mkdtempSync(join(tmpdir(), 'shorty-bench-rate-'));

/** Each part of the limiter that can be switched off, as an edit of its source. */
const PARTS = {
  reserve: {
    what: 'slot reserve (slots taken ahead for the requests to follow)',
    file: 'src/api/rate-reserve.ts',
    from: 'return Math.max(0, Math.min(MAX_EXTRA, Math.floor((room - 1) / 4), acquires - 1));',
    to: 'return 0;',
  },
  batching: {
    what: 'answer batching (answers written with the next update)',
    file: 'src/api/rate-limit.ts',
    from: 'if (announcesBlock(headers)) return this.flush();\n    this.flushSoon();',
    to: 'return this.flush();',
  },
};

/** Counts every read-modify-write of the shared state (file or Redis), in every variant alike. */
const COUNT_UPDATES = {
  files: ['src/api/rate-store.ts', 'src/api/rate-store-redis.ts'],
  from: 'update(change, signal) {',
  to: 'update(change, signal) { globalThis.__rateUpdates = (globalThis.__rateUpdates ?? 0) + 1;',
};

const VARIANTS = [
  { name: 'as built', off: [] },
  { name: 'without reserve', off: ['reserve'] },
  { name: 'without batching', off: ['batching'] },
  { name: 'without both', off: ['reserve', 'batching'] },
];

/** Builds the CLI with the given parts switched off; undefined when a part is not in the source. */
async function buildVariant(name, off) {
  const patches = off.map((part) => PARTS[part]);
  for (const { file, from } of patches) {
    if (!existsSync(join(ROOT, file)) || !readFileSync(join(ROOT, file), 'utf8').includes(from)) return undefined;
  }
  for (const file of COUNT_UPDATES.files) {
    if (!readFileSync(join(ROOT, file), 'utf8').includes(COUNT_UPDATES.from))
      throw new Error(`cannot count updates in ${file}`);
  }
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const out = join(ROOT, 'node_modules', '.cache', 'shorty-bench', 'rate-limit', name.replace(/\W+/g, '-'));
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'src', 'entry.ts')],
    outfile: join(out, 'shorty.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((dep) => dep !== 'commander'),
    minifyWhitespace: true,
    minifySyntax: true,
    define: { __SHORTY_VERSION__: JSON.stringify(pkg.version) },
    logLevel: 'error',
    plugins: [
      {
        name: 'switch-off',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const patch = patches.filter((p) => join(ROOT, p.file) === args.path);
            const counted = COUNT_UPDATES.files.some((file) => join(ROOT, file) === args.path);
            if (patch.length === 0 && !counted) return undefined;
            let contents = readFileSync(args.path, 'utf8');
            for (const { from, to } of patch) contents = contents.replace(from, to);
            if (counted) contents = contents.replace(COUNT_UPDATES.from, COUNT_UPDATES.to);
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  const bin = join(out, 'shorty.js');
  writeFileSync(
    bin,
    "'use strict';\nrequire('node:module').enableCompileCache?.();\n" +
      "process.on('exit', () => require('node:fs').appendFileSync(process.env.BENCH_RATE_UPDATES, (globalThis.__rateUpdates ?? 0) + '\\n'));\n" +
      "require('./shorty.cjs').run(process.argv.slice(2));\n",
  );
  return bin;
}

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

/** `loops` shell loops at once, each running `count` separate processes of `command`; each loop gets `envFor(i)`. */
async function loops(bin, count, parallel, command, envFor) {
  const script = `fails=0; for i in $(seq ${count}); do "${process.execPath}" "${bin}" ${command} > /dev/null 2>&1 || fails=$((fails+1)); done; echo $fails`;
  const outs = await Promise.all(Array.from({ length: parallel }, (_, i) => run('sh', ['-c', script], envFor(i))));
  return outs.reduce((sum, out) => sum + Number(out.trim()), 0);
}

let redis;
const flags = `--rate-limit ${RATE}`;
const WORKLOADS = {
  loop: {
    what: '1 shell loop of 30 processes (`api GET /account`)',
    requests: 30,
    measure: (bin, sb) =>
      loops(bin, 30, 1, `api GET /account ${flags}`, () =>
        cleanEnv({ ...sb.env, SHORTY_CONFIG_DIR: newDir('config') }),
      ),
  },
  parallel: {
    what: '4 parallel loops of 15 processes, one config folder',
    requests: 60,
    measure: (bin, sb) => {
      const env = cleanEnv({ ...sb.env, SHORTY_CONFIG_DIR: newDir('config') });
      return loops(bin, 15, 4, `api GET /account ${flags}`, () => env);
    },
  },
  import: {
    what: '1 `urls import` of 80 rows',
    requests: 80,
    measure: async (bin, sb) => {
      const csv = join(newDir('csv'), 'rows.csv');
      writeFileSync(csv, `url\n${Array.from({ length: 80 }, (_, i) => `https://example.com/import/${i}\n`).join('')}`);
      await run(
        process.execPath,
        [bin, 'urls', 'import', csv, ...flags.split(' ')],
        cleanEnv({
          ...sb.env,
          SHORTY_CONFIG_DIR: newDir('config'),
        }),
      );
      return 0;
    },
  },
  fleet: {
    what: '3 machines x 14 `urls add`, Redis rate store',
    requests: 42,
    measure: (bin, sb) =>
      loops(bin, 14, 3, `urls add "https://example.com/fleet/$i" -q ${flags} --rate-store ${redis.url}`, () =>
        cleanEnv({ ...sb.env, SHORTY_CONFIG_DIR: newDir('machine') }),
      ),
  },
};

const newDir = (prefix) => mkdtempSync(join(dir, `${prefix}-`));

function idealMs(requests) {
  const [limit, window] = RATE.split('/');
  return (Math.ceil(requests / Number(limit)) - 1) * Number.parseFloat(window) * 1000;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function commitOf() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', 'src'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${sha} with uncommitted changes in src/` : sha;
  } catch {
    return 'unknown';
  }
}

const measured = commitOf();
try {
  const variants = [];
  for (const { name, off } of VARIANTS) {
    const bin = await buildVariant(name, off);
    if (bin) variants.push({ name, bin });
    else console.error(`skipped: ${name} (${off.join(', ')} no longer in the source)`);
  }
  redis = await startRedis();
  const workloads = Object.entries(WORKLOADS).filter(([key]) => !ONLY || ONLY.includes(key));
  /** results[workload][variant] = {ms: [], rejected, failed, requests} */
  const results = {};
  for (let round = 1; round <= RUNS; round += 1) {
    for (const [key, workload] of workloads) {
      for (const variant of variants) {
        const sb = await startSandbox({ rateLimit: RATE });
        try {
          const counts = join(newDir('counts'), 'updates');
          writeFileSync(counts, '');
          process.env.BENCH_RATE_UPDATES = counts;
          const started = Date.now();
          const failed = await workload.measure(variant.bin, sb);
          const ms = Date.now() - started;
          const stats = await sb.stats();
          results[key] ??= {};
          results[key][variant.name] ??= { ms: [], rejected: 0, failed: 0, requests: 0, updates: 0 };
          const r = results[key][variant.name];
          r.ms.push(ms);
          r.rejected += stats.rejected;
          r.failed += failed;
          r.requests += stats.requests;
          r.updates += readFileSync(counts, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map(Number)
            .reduce((a, b) => a + b, 0);
        } finally {
          await sb.close();
        }
      }
      console.error(`round ${round}/${RUNS}: ${key} done`);
    }
  }

  const rows = [];
  for (const [key, workload] of workloads) {
    const base = median(results[key]['as built'].ms);
    for (const variant of variants) {
      const r = results[key][variant.name];
      const ms = median(r.ms);
      rows.push({
        workload: key,
        variant: variant.name,
        'median wall s': (ms / 1000).toFixed(2),
        'min-max s': `${(Math.min(...r.ms) / 1000).toFixed(2)}-${(Math.max(...r.ms) / 1000).toFixed(2)}`,
        'ideal s': (idealMs(workload.requests) / 1000).toFixed(2),
        'vs as built': variant.name === 'as built' ? '-' : `${(((ms - base) / base) * 100).toFixed(1)} %`,
        requests: r.requests,
        'updates / request': (r.updates / r.requests).toFixed(2),
        'rejected (429)': r.rejected,
        failed: r.failed,
      });
    }
  }
  console.table(rows);

  const header = Object.keys(rows[0]);
  const table = [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${header.map((h) => String(row[h]).replace(/\|/g, '\\|')).join(' | ')} |`),
  ].join('\n');
  const lines = [
    '# Rate-limit benchmark',
    '',
    `Written by \`node bench/rate-limit.mjs --runs ${RUNS}\` at commit ${measured}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,`,
    `Node ${process.version}, server and client cap ${RATE}. Median wall time of ${RUNS} interleaved rounds;`,
    '"vs as built" is the change of that median when the part is switched off (negative: faster without it);',
    '`requests` and `rejected (429)` (requests the server refused for its rate limit) are summed over the rounds;',
    '`updates / request` counts the locked read-modify-writes of the shared state (file or Redis) per request',
    'sent, the work the reserve and the batching exist to save: unlike wall time, it does not depend on the load.',
    '',
    ...workloads.map(([key, w]) => `- **${key}**: ${w.what}, ${w.requests} requests`),
    ...Object.entries(PARTS)
      .filter(([key]) => variants.some((v) => VARIANTS.find((d) => d.name === v.name).off.includes(key)))
      .map(([key, p]) => `- without **${key}**: the ${p.what} switched off`),
    '',
    table,
    '',
  ];
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, lines.join('\n'));
  console.error(`written: ${relative(process.cwd(), OUT)}`);
} finally {
  redis?.close();
  rmSync(dir, { recursive: true, force: true });
}
