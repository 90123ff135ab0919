#!/usr/bin/env node
// The name cache at its cap: after one run learnt --links links (default 200,000, ten times the
// cap; the files stay at the cap whatever the count), how long do Tab (the completion function
// itself, inside bash, zsh and fish, empty prefix: every name), `shorty status --offline` and a
// run that learns 5 more names take? Medians of --rounds (default 15), in CPU time.
//   npm run build && node bench/completion-cache.mjs [--links 200000] [--rounds 15]
// The recorder is bundled from the sources with esbuild, so the cache is written by shorty's code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { arg, BIN, cleanEnv, recordResults, ROOT } from './lib.mjs';

const links = Number(arg('--links')) || 200_000;
const rounds = Number(arg('--rounds')) || 15;
const GOAL_TAB_MS = 50;
const out = recordResults('completion-cache');

const work = mkdtempSync(join(tmpdir(), 'shorty-bench-cache-'));
const configDir = join(work, 'config');
// Inside the project, so the bundle's packages (kept external) resolve from node_modules.
const recorderFile = join(ROOT, 'node_modules', '.cache', 'shorty-bench', 'recorder.mjs');
await build({
  entryPoints: [join(ROOT, 'src/cache/recorder.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: recorderFile,
  logLevel: 'error',
});
const { createNameRecorder } = await import(recorderFile);
const settings = { profile: 'default', configDir, baseUrl: 'https://sho.rt', apiKey: 'bench_key_0123456789abcdef' };

/** One run that read `items` (a whole list when `whole`), flushed as a command's end does; its CPU ms. */
async function learn(items, whole) {
  const recorder = createNameRecorder();
  const data = { currentpage: 1, nextpage: whole ? null : 2, result: items.length, urls: items };
  await recorder.watch({ call: async () => ({ error: '0', data }) }).call('GET', '/urls');
  const started = process.cpuUsage();
  await recorder.flush(settings, Date.now(), (line) => console.error(line));
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

const link = (i) => ({
  id: i,
  alias: `link-${i}`,
  shorturl: `https://sho.rt/link-${i}`,
  title: `Spring sale ${i}: the page`,
});
const fillMs = await learn(
  Array.from({ length: links }, (_, i) => link(i)),
  true,
);
const scope = join(configDir, 'cache', 'v2', readFileSync(join(configDir, 'cache/v2/current/default'), 'utf8').trim());
const files = readdirSync(scope).map((name) => `${name} ${statSync(join(scope, name)).size.toLocaleString('en-US')} B`);
const names = readFileSync(join(scope, 'links'), 'utf8').split('\n').filter(Boolean).length;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const env = cleanEnv({ SHORTY_CONFIG_DIR: configDir, HOME: work, TERM: 'dumb', PATH: '/usr/bin:/bin' });
const script = (name) => join(ROOT, 'completions', name);

// CPU time (user + system, the shell's and its children's), not the clock: the machine is shared,
// and a Tab that waits for a core is not slower for it. The shells print `times` before and after.
const seconds = (text) =>
  [...text.matchAll(/(?:(\d+)m)?([\d.]+)s/g)].reduce((sum, [, m, sec]) => sum + Number(m ?? 0) * 60 + Number(sec), 0);

/** Runs `cmd args`: the CPU ms between the `times` printed after ::t0:: and ::t1::. */
function cpu(cmd, args) {
  const res = spawnSync(cmd, args, { env, encoding: 'utf8', timeout: 120_000 });
  const found = /::t0::([\s\S]*?)::t1::([\s\S]*?)::end::/.exec(res.stdout + res.stderr);
  if (!found) throw new Error(`${cmd}: no timing in ${res.stdout.slice(-300)} ${res.stderr.slice(-300)}`);
  return (seconds(found[2]) - seconds(found[1])) * 1000;
}

const bash = () =>
  cpu('bash', [
    '--norc',
    '-c',
    `source "$1"; COMP_WORDS=(shorty urls get ''); COMP_CWORD=3; f=$(mktemp)
     times >"$f"; _shorty; times >>"$f"; t=$(<"$f"); rm "$f"; t=(\${t//$'\n'/ })
     echo "::t0::\${t[*]:0:4}::t1::\${t[*]:4:4}::end::"`,
    'bash',
    script('shorty.bash'),
  ]);

// zsh completes inside its line editor only: a zsh in a pseudo-terminal gets the line and a Tab;
// the completion function (compadd of every name included) is timed from inside.
const ZSH = `zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "autoload -Uz compinit; compinit -u -D; source $1
_timed() { local f=\\$(mktemp) t; times >\\$f; _shorty; times >>\\$f; t=(\\$(<\\$f)); rm \\$f; print -r -- ::t0::\\$t[1,4]::t1::\\$t[5,8]::end:: >&2 }
compdef _timed shorty; LISTMAX=1; print ::ready::"
local line out=''
while zpty -r z line; do [[ $line == *::ready::* && $line != *print* ]] && break; done
zpty -w -n z 'shorty urls get '$'\\t'
while zpty -r z line; do out+=$line; [[ $line == *::end::* && $line != *print* ]] && break; done
zpty -d z
print -r -- $out`;
const zshDriver = join(work, 'zsh-driver.zsh');
writeFileSync(zshDriver, ZSH);
const zsh = () => cpu('zsh', ['-f', zshDriver, script('_shorty')]);

// fish's \`time\` prints the CPU time of what it ran (its own and its children's).
function fish() {
  const res = spawnSync(
    'fish',
    [
      '--no-config',
      '-c',
      `source $argv[1]; time complete -C 'shorty urls get ' | count >/dev/null`,
      script('shorty.fish'),
    ],
    { env, encoding: 'utf8', timeout: 120_000 },
  );
  const unit = { micros: 1e-3, millis: 1, secs: 1000, mins: 60_000 };
  const part = (name) => {
    const found = new RegExp(`${name} time\\s+([\\d.]+) (\\w+)`).exec(res.stderr);
    if (!found) throw new Error(`fish: no timing in ${res.stderr.slice(-300)}`);
    return Number(found[1]) * unit[found[2]];
  };
  return part('usr') + part('sys');
}

/** A run of the CLI: its CPU ms, measured by bash's `times` around it. */
function node(args, extra = {}) {
  const run = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ');
  const script = `f=$(mktemp); times >"$f"; ${run} >/dev/null; times >>"$f"; t=$(<"$f"); rm "$f"; t=(\${t//$'\\n'/ })
    echo "::t0::\${t[*]:0:4}::t1::\${t[*]:4:4}::end::"`;
  const res = spawnSync('bash', ['--norc', '-c', script], {
    env: { ...env, ...extra },
    encoding: 'utf8',
  });
  const found = /::t0::([\s\S]*?)::t1::([\s\S]*?)::end::/.exec(res.stdout);
  if (!found) throw new Error(`shorty ${args.join(' ')}: ${res.stderr}`);
  return (seconds(found[2]) - seconds(found[1])) * 1000;
}
const keyEnv = { SHORTY_BASE_URL: settings.baseUrl, SHORTY_API_KEY: settings.apiKey };

const cases = {
  'Tab in bash (every name)': bash,
  'Tab in zsh (every name)': zsh,
  'Tab in fish (every name)': fish,
  'shorty --version (start-up alone)': () => node(['--version']),
  'shorty status --offline': () => node(['status', '--offline', '-o', 'json'], keyEnv),
  'a run learning 5 names: its flush': async () =>
    learn(
      [0, 1, 2, 3, 4].map((i) => link(links + i * 7 + 1_000_000)),
      false,
    ),
};
const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let round = 0; round < rounds; round++)
  for (const [name, run] of Object.entries(cases)) times[name].push(await run());

out.log(
  `one run learnt ${links.toLocaleString('en-US')} links (a whole list) in ${fillMs.toFixed(0)} ms; the cache kept ${names.toLocaleString('en-US')}`,
);
out.log(`files: ${files.join(', ')}`);
out.log('');
out.log(`${rounds} rounds, medians of CPU time (user + system)`);
out.log(`${'case'.padEnd(38)}${'ms'.padStart(9)}  goal`);
for (const [name, xs] of Object.entries(times)) {
  const ms = median(xs);
  const goal = name.startsWith('Tab') ? `<= ${GOAL_TAB_MS} ${ms <= GOAL_TAB_MS ? 'ok' : 'MISSED'}` : '';
  out.log(`${name.padEnd(38)}${ms.toFixed(1).padStart(9)}  ${goal}`);
}
out.save();
rmSync(work, { recursive: true, force: true });
