#!/usr/bin/env node
'use strict';
// CommonJS on purpose: it starts faster than ESM, and a CLI called in loops pays start-up every time.
const path = require('node:path');

const DIST = path.join(__dirname, '..', 'dist');
// Node's CommonJS wrapper plus `__shorty`, the loader's services (see host below).
const HEAD = '(function (exports, require, module, __filename, __dirname, __shorty) {';
const TAIL = '\n})';
const BUILD_MARK = '\n//# shorty-build=';
const BUILD_ID_LENGTH = 16;
// V8 puts a string of 128 KiB or more in its large-object space, whose budget is separate from
// the young generation's 1 MiB; a smaller one fills the young generation. See wrappedSource().
const LARGE_OBJECT_CHARS = 128 * 1024 + 64;

/**
 * Loads a file of dist/ like require() does, but compiled with the V8 code cache the build wrote
 * beside it (Node 20 has no compile cache of its own): V8 skips parsing and compiling what the
 * cache holds. A missing, stale or foreign cache (another Node version, other V8 flags) is
 * ignored and the file is compiled as usual. `record` (build only; by default the list given to
 * record()) collects the scripts so their caches can be written after representative runs.
 */
function loadCompiled(name, record = recording, cacheName = `${name}.cache`) {
  const { file, source, script } = compile(name, record ? undefined : cacheName);
  if (record) record.push({ file, source, script });
  // The CommonJS loader's Module class: require('node:module') would also load the ESM loader.
  const Module = module.constructor;
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(DIST);
  script.runInThisContext()(mod.exports, Module.createRequire(file), mod, file, DIST, host);
  mod.loaded = true;
  return mod.exports;
}

/** dist/<name> as a script, compiled with dist/<cacheName> when that cache fits it. */
function compile(name, cacheName) {
  const file = path.join(DIST, name);
  const fs = require('node:fs');
  const source = wrappedSource(fs, file);
  const script = new (require('node:vm').Script)(source, {
    filename: file,
    columnOffset: -HEAD.length, // stack traces show the file's own columns
    cachedData: cacheName === undefined ? undefined : readCache(fs, path.join(DIST, cacheName), source),
  });
  return { file, source, script };
}

/**
 * HEAD + the file + TAIL, decoded once into one string: `HEAD + source + TAIL` would make V8
 * flatten a second copy of the whole file before compiling it (~350 KB of garbage for the bundle
 * and undici's chunk, a sixth of what a request run allocates in V8's young generation). dist/ is
 * ASCII (esbuild's default charset; the build checks), so latin1 decodes it.
 * A source under 128 KiB (undici's chunk, 124 KB) is padded with spaces up to it: the string then
 * lives in V8's large-object space instead of the young generation, where its 124 KB made a
 * request run allocate past the 1 MiB semi-space a second time (two scavenges instead of one,
 * ~1 ms). Trailing spaces change nothing the script does; the caches are written for the padded
 * source, the one V8 compares them with.
 */
function wrappedSource(fs, file) {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const length = HEAD.length + size + TAIL.length;
    const all = Buffer.allocUnsafe(Math.max(length, LARGE_OBJECT_CHARS));
    all.latin1Write(HEAD, 0);
    // Read in place, between HEAD and TAIL: no second copy of the file.
    for (let at = 0; at < size;) {
      const read = fs.readSync(fd, all, HEAD.length + at, size - at, at);
      if (read === 0) throw new Error(`${file} changed while it was read`);
      at += read;
    }
    all.latin1Write(TAIL, HEAD.length + size);
    all.fill(32, length);
    return all.latin1Slice(0, all.length);
  } finally {
    fs.closeSync(fd);
  }
}

/** Build only (scripts/write-code-cache.cjs): every file loaded is kept here for its cache. */
let recording;

/** The cache, if it was written for this very build of the file (V8 checks only its length). */
function readCache(fs, cacheFile, source) {
  const at = source.lastIndexOf(BUILD_MARK);
  if (at < 0) return undefined;
  const id = source.slice(at + BUILD_MARK.length, at + BUILD_MARK.length + BUILD_ID_LENGTH);
  try {
    const data = fs.readFileSync(cacheFile);
    return data.toString('latin1', 0, BUILD_ID_LENGTH) === id ? data.subarray(BUILD_ID_LENGTH) : undefined;
  } catch {
    return undefined; // no cache: compile as usual
  }
}

/** What the bundle gets as `__shorty`: import() works from this file without any flag. */
const host = {
  import: (specifier) => import(specifier),
  load: (name) => loadCompiled(name),
};

/** Node 22.1+; asked only there, as loading node:module costs Node 20 its ESM loader too. */
function hasCompileCache() {
  return Number(process.versions.node.split('.')[0]) >= 22 && typeof require('node:module').enableCompileCache === 'function';
}

const args = process.argv.slice(2);
if (require.main !== module) {
  module.exports = {
    loadCompiled, BUILD_MARK, BUILD_ID_LENGTH, LARGE_OBJECT_CHARS,
    record: (list) => { recording = list; },
    /** For tests: whether V8 takes dist/<cacheName> for dist/<name> in this process. */
    cacheAccepted: (name, cacheName) => {
      const { script } = compile(name, cacheName);
      return script.cachedDataRejected === false;
    },
  };
} else if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(require('../package.json').version + '\n');
} else if (hasCompileCache()) {
  // Node 22+ caches compiled code itself, for any Node version the user runs.
  try { require('node:module').enableCompileCache(); } catch { /* a cache is an optimisation only */ }
  require('../dist/shorty.cjs').run(args);
} else {
  // A help page runs a fraction of the code a request does, and a cache costs its whole size to
  // load: help gets the cache written after the help runs only (see write-code-cache.cjs). The
  // choice is about speed only; any cache works for any command.
  const help = args.length === 0 || args[0] === 'help' || args.includes('--help') || args.includes('-h');
  loadCompiled('shorty.cjs', undefined, help ? 'shorty.cjs.help.cache' : undefined).run(args);
}
