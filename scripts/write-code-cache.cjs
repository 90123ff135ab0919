'use strict';
// Run by scripts/build.mjs (see main() for the two modes): loads dist/ files the way
// bin/shorty.js does, runs what most calls run, then writes their V8 code caches, prefixed with
// each file's build id. V8 lazily compiles a function the first time it runs, and a cache holds
// the functions compiled so far: so help pages get a cache from help runs, and every other
// command one from a read and a write request against a `shorty sandbox` child process
// (settings, limiter, the HTTP client, printer), the paths a one-request command
// takes. The sandbox's own chunk is cached as loaded (its top-level code).
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { basename, join } = require('node:path');
const { loadCompiled, record, BUILD_MARK, BUILD_ID_LENGTH } = require('../bin/shorty.js');

const HELP_RUNS = [['--help'], ['urls', 'list', '--help']];
const REQUEST_RUNS = [['urls', 'list'], ['urls', 'add', 'https://example.com/code-cache'], ['urls', 'list', '-o', 'json']];

/** Runs the bundle once in this process, as bin/shorty.js would; resolves with the exit code. */
function runOnce(bundle, args) {
  const exit = process.exit;
  return new Promise((resolve) => {
    process.exit = (code) => {
      process.exit = exit;
      resolve(code);
    };
    bundle.run(args);
  });
}

/**
 * `help`: the help runs, then dist/shorty.cjs.help.cache. `requests <files>`: the request runs,
 * then each file's cache. Two processes, so that neither cache holds what the other runs
 * compiled (a cache costs its whole size to load).
 */
async function main() {
  const [mode, ...names] = process.argv.slice(2);
  const scripts = [];
  record(scripts); // the chunks the runs load are recorded too
  const bundle = loadCompiled('shorty.cjs');
  if (mode === 'help') {
    for (const args of HELP_RUNS) await runOrFail(bundle, args);
    writeCache(scripts[0], `${scripts[0].file}.help.cache`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'shorty-code-cache-'));
  const { startSandboxProcess } = await import('./sandbox-process.mjs');
  const sandbox = await startSandboxProcess({
    rateLimit: '1000/1s', env: { ...process.env, SHORTY_CONFIG_DIR: join(dir, 'server'), SHORTY_DEBUG: '' }, stderr: 'pipe',
  });
  try {
    // Only the sandbox's settings: none of the shell's (a profile, a debug switch...).
    for (const key of Object.keys(process.env)) if (key.startsWith('SHORTY_')) delete process.env[key];
    Object.assign(process.env, sandbox.vars, { SHORTY_CONFIG_DIR: join(dir, 'client') });
    for (const args of REQUEST_RUNS) await runOrFail(bundle, args);
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // Chunks no run loaded (the sandbox's) are cached as loaded: their top-level code.
  const loaded = new Set(scripts.map(({ file }) => basename(file)));
  for (const name of names) if (!loaded.has(name)) loadCompiled(name);
  for (const script of scripts) writeCache(script, `${script.file}.cache`);
}

async function runOrFail(bundle, args) {
  const code = await runOnce(bundle, args);
  if (code !== 0) throw new Error(`shorty ${args.join(' ')} exited ${code} while writing the code cache`);
}

/** The script's code cache as compiled so far, prefixed with the file's build id. */
function writeCache({ source, script }, cacheFile) {
  const at = source.lastIndexOf(BUILD_MARK) + BUILD_MARK.length;
  const id = Buffer.from(source.slice(at, at + BUILD_ID_LENGTH), 'latin1');
  writeFileSync(cacheFile, Buffer.concat([id, script.createCachedData()]));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
