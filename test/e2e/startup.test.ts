import { execa } from 'execa';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { useSandboxCli, type SandboxCli } from '../helpers/sandbox-cli.js';

/**
 * Runs the built CLI with `probe` preloaded (NODE_OPTIONS --require). The probe's code may call
 * `report(make)`: `make()` is written as JSON when the process exits, and returned here.
 */
async function runProbed<T>(run: SandboxCli['run'], args: string[], probe: string, env: Record<string, string> = {}) {
  const dir = tempDir('shorty-probe-');
  const file = join(dir, 'probe.cjs');
  const report = join(dir, 'report.json');
  writeFileSync(file, `const report = (make) => process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(make())));\n${probe}\n`);
  const res = await run(args, { env: { ...env, NODE_OPTIONS: `--require ${JSON.stringify(file)}` } });
  return { res, report: JSON.parse(readFileSync(report, 'utf8')) as T };
}

/**
 * Start-up is paid on every call of a CLI run in a loop, so the commands that need no dependency
 * must load none. The proof: a copy of the built CLI with no node_modules at all still runs them
 * (a static or eager import of chalk, cli-table3, conf, inquirer, csv-* or the proxy agents would fail).
 */
describe('start-up loads no external dependency for local commands', () => {
  let bin = '';

  beforeAll(() => {
    const dir = tempDir('shorty-bare-');
    for (const file of ['bin/shorty.js', 'bin/package.json', 'dist/shorty.cjs', 'package.json']) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      copyFileSync(join(ROOT, file), join(dir, file));
    }
    bin = join(dir, 'bin', 'shorty.js');
  });

  async function bare(args: string[]) {
    const res = await execa(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH, SHORTY_CONFIG_DIR: tempDir() }, extendEnv: false, reject: false, stdin: 'ignore', stripFinalNewline: false,
    });
    expect(res.stderr).toBe('');
    expect(res.exitCode).toBe(0);
    return res.stdout;
  }

  it.each([
    [['--version']],
    [['--help']],
    [['urls', '--help']],
    [['urls', 'add', '--help']],
    [['completion', 'bash']],
  ])('shorty %j', async (args) => {
    expect(await bare(args)).not.toBe('');
  });

  it('prints the version from package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await bare(['--version'])).toBe(`${version}\n`);
  });
});

/**
 * A command that sends one request loads only the Node modules that request needs: node:https
 * (with node:tls and node:crypto, ~3 ms) only for an https URL, and no other unused module.
 */
describe('a request loads no Node module it does not use', () => {
  const { run } = useSandboxCli();

  it('shorty urls list', async () => {
    const { res, report } = await runProbed<string[]>(run, ['urls', 'list'], 'report(() => process.moduleLoadList);');
    expect(res.exitCode).toBe(0);
    const loaded = new Set(report.map((line) => line.replace(/^NativeModule /, '')));
    expect(loaded.has('net')).toBe(true); // the probe sees the request's own modules
    const unused = ['https', 'http2', 'tls', 'zlib', 'worker_threads', 'perf_hooks', 'crypto', 'assert'];
    expect(unused.filter((name) => loaded.has(name))).toEqual([]);
  });
});

/**
 * On Node 20 every run compiles dist/*.cjs with the V8 code caches the build wrote (Node 22+
 * caches by itself): a cache V8 rejects (other flags, a stale build) silently costs tens of
 * milliseconds per call.
 */
describe('the code caches of the build', () => {
  it.each([
    ['shorty.cjs', 'shorty.cjs.cache'],
    ['shorty.cjs', 'shorty.cjs.help.cache'],
    ['sandbox.cjs', 'sandbox.cjs.cache'],
  ])('V8 takes %s with %s', async (name, cacheName) => {
    // A plain node process: the test runner's own V8 flags would change the verdict.
    const probe = `process.stdout.write(String(require(${JSON.stringify(join(ROOT, 'bin', 'shorty.js'))}).cacheAccepted(${JSON.stringify(name)}, ${JSON.stringify(cacheName)})))`;
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const res = await execa(process.execPath, ['-e', probe], { env, extendEnv: false });
    expect(res.stdout).toBe('true'); // the build wrote it with this very Node
  });

  it('is refused when it belongs to another file', async () => {
    const probe = `process.stdout.write(String(require(${JSON.stringify(join(ROOT, 'bin', 'shorty.js'))}).cacheAccepted('shorty.cjs', 'sandbox.cjs.cache')))`;
    const res = await execa(process.execPath, ['-e', probe]);
    expect(res.stdout).toBe('false');
  });
});

/**
 * The caches above are only worth something if runs get to use them: V8 refuses every code cache
 * while its flags differ from the ones it started with.
 */
describe('the chunks a command loads are compiled from their caches', () => {
  const { run } = useSandboxCli();

  /** For each file compiled: whether V8 took its cache, and the length of the source it was given. */
  async function compiledWith(args: string[]): Promise<Record<string, { cached: boolean; length: number }>> {
    // Wraps vm.Script, which bin/shorty.js looks up for every file it compiles.
    const { res, report } = await runProbed<Record<string, { cached: boolean; length: number }>>(run, args, `const vm = require('node:vm'); const Script = vm.Script; const seen = {};
vm.Script = function (source, options) { const script = new Script(source, options); seen[require('node:path').basename(options.filename)] = { cached: script.cachedDataRejected === false, length: source.length }; return script; };
report(() => seen);`);
    expect(res.stderr).toBe('');
    expect(res.exitCode).toBe(0);
    return report;
  }

  async function compiled(args: string[]): Promise<Record<string, boolean>> {
    return Object.fromEntries(Object.entries(await compiledWith(args)).map(([file, { cached }]) => [file, cached]));
  }

  it('shorty urls list', async () => {
    expect(await compiled(['urls', 'list'])).toEqual({ 'shorty.cjs': true });
  });

  // Below 128 KiB a string is allocated in V8's young generation (1 MiB); the loader pads a
  // smaller source into the large-object space.
  it('every source it compiles is large enough to stay out of the young generation', async () => {
    const { LARGE_OBJECT_CHARS } = await import(join(ROOT, 'bin', 'shorty.js')) as { LARGE_OBJECT_CHARS: number };
    expect(LARGE_OBJECT_CHARS).toBeGreaterThanOrEqual(128 * 1024);
    const lengths = Object.values(await compiledWith(['urls', 'list'])).map((c) => c.length);
    expect(lengths).toHaveLength(1);
    for (const length of lengths) expect(length).toBeGreaterThanOrEqual(LARGE_OBJECT_CHARS);
  });

  it('shorty urls import', async () => {
    const file = join(tempDir('shorty-cache-import-'), 'links.csv');
    writeFileSync(file, 'url\nhttps://example.com/cached-import\n');
    expect(await compiled(['urls', 'import', file, '-q'])).toEqual({ 'shorty.cjs': true });
  });
});

/**
 * V8's flags stay the ones Node started with: a flag changed at run time makes V8 refuse every
 * code cache (Node's for its own modules, ours for dist/) from then on.
 */
describe('no run changes a V8 flag', () => {
  const { run } = useSandboxCli();

  it.each([
    ['urls list over http', () => ['urls', 'list']],
    ['urls import', () => {
      const file = join(tempDir('shorty-flags-import-'), 'links.csv');
      writeFileSync(file, 'url\nhttps://example.com/no-flags\n');
      return ['urls', 'import', file, '-q'];
    }],
  ])('%s', async (_name, args) => {
    const { res, report } = await runProbed<string[]>(run, args(), `const v8 = require('node:v8'); const set = v8.setFlagsFromString; const flags = [];
v8.setFlagsFromString = function (flag) { flags.push(flag); return set.call(this, flag); };
report(() => flags);`);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(report).toEqual([]);
  });
});
