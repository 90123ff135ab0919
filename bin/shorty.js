#!/usr/bin/env node
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createRequire, enableCompileCache, getCompileCacheDir } = require('node:module');

const BUNDLE = path.join(__dirname, '..', 'dist', 'shorty.cjs');
// Written by scripts/build.mjs at the end of the bundle: a hash of the bundle's own text.
const BUILD_MARK = /\n\/\/ shorty-build ([0-9a-f]{16})\n/;
// Commands that taught the cache something; past this many, it is kept as it is.
const MAX_ROUTES = 24;
// A run that worked longer than this (an import) may have had V8 drop the compiled code of the
// functions it did not call, which its cache would then lose: it teaches nothing.
const MAX_TEACHING_CPU_MS = 1000;

if (require.main === module) {
  const args = process.argv.slice(2);
  // Node 22.8+ keeps compiled code on disk between runs (here: the dependencies the bundle loads).
  if (typeof enableCompileCache === 'function') enableCompileCache();
  const dir = getCompileCacheDir?.();
  (dir === undefined ? require(BUNDLE) : loadWithCodeCache(BUNDLE, dir, routeOf(args))).run(args);
} else {
  module.exports = { loadWithCodeCache, routeOf, teaches };
}

/**
 * require(bundle), compiled with a V8 code cache of the functions earlier runs called. Node's
 * compile cache holds only what V8 compiles with the file, not the functions compiled as a run
 * calls them (most of commander and of the command tree), which every run compiled again (4-7 ms
 * of `shorty --help` on Node 24). A run of a command the cache has not seen adds what it compiled
 * when it exits. V8 checks its version and flags, and the build mark the rest (V8 compares
 * only the length of the source).
 */
function loadWithCodeCache(bundle, dir, route, atExit = saveAtExit) {
  const source = fs.readFileSync(bundle, 'utf8');
  const build = BUILD_MARK.exec(source.slice(-200))?.[1];
  if (build === undefined) return require(bundle);
  const file = path.join(dir, `shorty-${nameHash(bundle)}.cache`);
  const saved = readCache(file, build);
  const vm = require('node:vm');
  const head = '(function (exports, require, module, __filename, __dirname, __shortyHost) {\n';
  const script = new vm.Script(`${head}${source}\n})`, { filename: bundle, lineOffset: -1, cachedData: saved?.data });
  const routes = saved === undefined || script.cachedDataRejected ? [] : saved.routes;
  if (!routes.includes(route) && routes.length < MAX_ROUTES) {
    atExit(() => writeCache(file, { build, routes: [...routes, route] }, script));
  }
  const compiled = { exports: {} };
  const wrapper = script.runInThisContext();
  // The bundle's import() calls (see scripts/build.mjs): from here, where import() needs no vm option.
  const host = (specifier) => import(specifier);
  wrapper(compiled.exports, createRequire(bundle), compiled, bundle, path.dirname(bundle), host);
  return compiled.exports;
}

function saveAtExit(save) {
  process.once('exit', () => {
    if (teaches(process.cpuUsage())) save();
  });
}

/** Whether a run that used this much CPU (process.cpuUsage(), µs) may write the cache. */
function teaches({ user, system }) {
  return (user + system) / 1000 <= MAX_TEACHING_CPU_MS;
}

/** The command words of a run (`urls list`), which decide whether it may teach the cache. */
function routeOf(argv) {
  const words = argv.filter((a) => !a.startsWith('-')).slice(0, 2);
  return words.filter((w) => /^[a-z][a-z-]*$/.test(w)).join(' ');
}

/** The cache file: a JSON line ({build, routes}) and V8's data. Only a file of this user's is read. */
function readCache(file, build) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
    const { size, uid } = fs.fstatSync(fd);
    if (typeof process.getuid === 'function' && uid !== process.getuid()) return undefined;
    const bytes = Buffer.allocUnsafe(size);
    if (fs.readSync(fd, bytes, 0, size, 0) !== size) return undefined;
    const end = bytes.indexOf(10);
    const header = JSON.parse(bytes.toString('utf8', 0, end));
    if (header.build !== build || !Array.isArray(header.routes)) return undefined;
    return { routes: header.routes, data: bytes.subarray(end + 1) };
  } catch {
    return undefined; // none yet, or unreadable: compiled as usual, and written at exit
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Written whole under a temp name, then renamed: a run starting meanwhile reads the old file or the new. */
function writeCache(file, header, script) {
  const temp = `${file}.${process.pid}`;
  try {
    fs.writeFileSync(temp, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), script.createCachedData()]), {
      mode: 0o600,
    });
    fs.renameSync(temp, file);
  } catch {
    // A cache is only a speed-up: the run's result stands.
    try {
      fs.rmSync(temp, { force: true });
    } catch {}
  }
}

/** One cache file per installed bundle (FNV-1a of its path): two installs never take turns. */
function nameHash(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
