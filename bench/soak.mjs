#!/usr/bin/env node
// Soak of the bulk commands against the model (test/model/): random sequences of import, export,
// export→import into a second sandbox, sync (--prune or not), undo, add/update/delete and profile
// switches, run as the built CLI under random sandbox faults (lost answers, resets, dropped
// connections, 5xx and HTML pages, empty and cut-off bodies, held answers) and random kill -9s
// followed by a resume; after every step both sandboxes must hold exactly the model's links.
// Prints the figures as a table and writes them to bench/results/soak.md (or --out).
//   node bench/soak.mjs [--steps 2000] [--seed 1] [--max-commands 40] [--out FILE]   (run `npm run build` first)
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { arg, ROOT } from './lib.mjs';

const STEPS = Number(arg('--steps') ?? 2000);
const SEED = Number(arg('--seed') ?? 1);
const MAX_COMMANDS = Number(arg('--max-commands') ?? 40);
const OUT = arg('--out') ?? join(ROOT, 'bench', 'results', 'soak.md');

if (!existsSync(join(ROOT, 'dist', 'shorty.cjs'))) {
  console.error('soak: dist/ is missing: run `npm run build` first');
  process.exit(2);
}

// The model is TypeScript, shared with the test suite: bundled here into one module (the sandbox
// and fast-check included) so plain node runs it.
const work = mkdtempSync(join(tmpdir(), 'shorty-soak-'));
const bundle = join(work, 'model.mjs');
await build({
  stdin: {
    contents: "export { soak } from './run.js';",
    resolveDir: join(ROOT, 'test', 'model'),
    loader: 'ts',
  },
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The CLI's own modules come along (a step may run main() in-process) and some of its packages
  // are CommonJS, which calls require: an ES module has none of its own.
  banner: {
    js: "import { createRequire as shortyRequire } from 'node:module'; const require = shortyRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
const { soak } = await import(pathToFileURL(bundle).href);

const started = Date.now();
const loadBefore = loadavg()[0];
let reported = 0;
let shown = 0;
const { figures, findings } = await soak({
  root: ROOT,
  seed: SEED,
  steps: STEPS,
  maxCommands: MAX_COMMANDS,
  progress(f, found) {
    for (const finding of found.slice(shown)) console.error(`seed ${finding.seed}: ${finding.message}`);
    shown = found.length;
    if (f.steps - reported < 50 && f.steps < STEPS) return;
    reported = f.steps;
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    console.error(
      `${f.steps}/${STEPS} steps, ${f.sequences} sequences, ${f.faults} faults, ${f.kills} kills, ` +
        `${f.divergences} divergences, ${found.filter((x) => !x.divergence).length} other failures, ${minutes} min`,
    );
  },
});
rmSync(work, { recursive: true, force: true });
const seconds = (Date.now() - started) / 1000;

const others = findings.filter((f) => !f.divergence);
const modes = Object.entries(figures.faultsByMode)
  .sort((a, b) => b[1] - a[1])
  .map(([mode, n]) => `${mode} ${n}`)
  .join(', ');
const kinds = Object.entries(figures.stepsByKind)
  .sort((a, b) => b[1] - a[1])
  .map(([kind, n]) => `${kind} ${n}`)
  .join(', ');
const rows = [
  ['steps', String(figures.steps)],
  ['sequences (fresh sandboxes each)', String(figures.sequences)],
  ['steps by kind', kinds],
  ['CLI processes run', String(figures.processes)],
  ['steps under faults', String(figures.faultedSteps)],
  ['faults injected', String(figures.faults)],
  ['faults by mode', modes || '-'],
  [
    "the colleague's links made during runs (inside / outside the tolerance)",
    `${figures.colleagueDuringRuns.inside} / ${figures.colleagueDuringRuns.outside}`,
  ],
  ['kill -9', String(figures.kills)],
  ['resumes', String(figures.resumes)],
  ['divergences', String(figures.divergences)],
  ['other failures', String(others.length)],
  ['wall time', `${(seconds / 60).toFixed(1)} min`],
  ['load average (1 min) at start / end', `${loadBefore.toFixed(1)} / ${loadavg()[0].toFixed(1)}`],
];

const width = Math.max(...rows.map(([k]) => k.length));
console.log(rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));

const clean = (text) => text.replaceAll(work, '.').replace(/\/tmp\/shorty-model-\w+\//g, '');
const md = [
  '# Soak of the bulk commands',
  '',
  `\`node bench/soak.mjs --steps ${STEPS} --seed ${SEED} --max-commands ${MAX_COMMANDS}\`, ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}.`,
  '',
  'Random sequences of `urls import` (rows with and without aliases, duplicates, existing aliases,',
  'invalid rows; `--if-exists skip` or `fail`), `urls export`, export → import into a second sandbox,',
  '`urls sync` (with and without `--prune`), `urls import --undo`, `urls add`/`update`/`delete` and',
  '`profiles use`, and a colleague (another client of the account: links with the aliases and URLs',
  'of rows, made during and after runs, inside and outside the clock tolerance; edits and deletions),',
  'each run as the built CLI against two sandbox servers under random faults',
  '(lost answers, resets, dropped connections, HTML 500/502/404 pages, empty and cut-off bodies,',
  'answers held within and past the client timeout) and random `kill -9`s followed by a resume.',
  "After every step both servers' links are compared with a model of what each command should do,",
  "and each journal is held to the rule of evidence (no colleague link journaled as the run's, none",
  'made outside the tolerance adopted, every link a run made journaled).',
  '',
  '| figure | value |',
  '| --- | --- |',
  ...rows.map(([k, v]) => `| ${k} | ${v} |`),
  '',
  'No divergence is stepped around: the model holds the code to every rule.',
  '',
  ...(findings.length === 0
    ? []
    : [
        '## Findings',
        '',
        ...findings.flatMap((f) => [`Seed ${f.seed}:`, '', '```', clean(f.message).trim(), '```', '']),
      ]),
];
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, `${md.join('\n')}\n`);
console.error(`written to ${relative(process.cwd(), OUT) || OUT}`);
process.exitCode = findings.length === 0 ? 0 : 1;
