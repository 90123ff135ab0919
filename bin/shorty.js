#!/usr/bin/env node
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createRequire, enableCompileCache, getCompileCacheDir } = require('node:module');

const BUNDLE = path.join(__dirname, '..', 'dist', 'shorty.cjs');
// Written by scripts/build.mjs at the end of the bundle: a hash of the bundle's own text.
const BUILD_MARK = /\n\/\/ shorty-build ([0-9a-f]{16})\n/;
// Cache files of one bundle (one per command); past this many, a new command writes none.
const MAX_FILES = 12;
// A run that worked longer than this (an import) may have had V8 drop the compiled code of the
// functions it called early on, which its cache would then lack: it writes none.
const MAX_TEACHING_CPU_MS = 1000;

if (require.main === module) {
  const args = process.argv.slice(2);
  // Node 22.8+ keeps compiled code on disk between runs (here: the dependencies the bundle loads).
  if (typeof enableCompileCache === 'function') enableCompileCache();
  const dir = getCompileCacheDir?.() ?? ownCacheDir(require('node:os').tmpdir(), process.env);
  (dir === undefined ? require(BUNDLE) : loadWithCodeCache(BUNDLE, dir, routeOf(args))).run(args);
} else {
  module.exports = { loadWithCodeCache, ownCacheDir, routeOf, teaches };
}

/**
 * Where a Node with no compile cache folder (20, 22 before 22.8) keeps the bundle's cache: a folder
 * of this user's under the temp folder, used only if it is a real folder that is theirs and that
 * nobody else may write (the temp folder is shared). NODE_DISABLE_COMPILE_CACHE, Node's switch,
 * turns it off as it does Node's own.
 */
function ownCacheDir(tmp, env) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  const dir = path.join(tmp, `shorty-code-cache-${uid ?? 'user'}`);
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if (err.code !== 'EEXIST') return undefined;
  }
  try {
    const info = fs.lstatSync(dir);
    const private_ = info.isDirectory() && (uid === undefined || info.uid === uid) && (info.mode & 0o022) === 0;
    return private_ ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * require(bundle), compiled with a V8 code cache of the functions an earlier run of the same
 * command called. Node's compile cache holds only what V8 compiles with the file, not the
 * functions compiled as a run calls them (most of commander and of the command tree), which every
 * run compiled again (4-7 ms of `shorty --help` on Node 24). One file per command (`urls list`,
 * `help`), as V8 reads a cache whole: one that every command added to made each of them pay for
 * all. A command with no file of its own takes the base file (what the first run compiled, most
 * of it common to all commands). The first successful run of a command writes its file, and the
 * base if there is none, when it exits. V8 checks its version and flags, and the build mark the
 * rest (V8 compares only the length of the source).
 */
function loadWithCodeCache(bundle, dir, route, atExit = saveAtExit) {
  const source = fs.readFileSync(bundle, 'utf8');
  const build = BUILD_MARK.exec(source.slice(-200))?.[1];
  if (build === undefined) return require(bundle);
  // Per bundle and V8 version: two Node versions sharing a folder (Node 20 and 22.0-22.7) keep a file each.
  const prefix = `shorty-${nameHash(`${bundle}\n${process.versions.v8}`)}`;
  const base = path.join(dir, `${prefix}.cache`);
  const own = route === '' ? base : path.join(dir, `${prefix}-${route.replace(/ /g, '.')}.cache`);
  const saved = readCache(own, build);
  const fallback = saved === undefined && own !== base ? readCache(base, build) : undefined;
  const vm = require('node:vm');
  const head = '(function (exports, require, module, __filename, __dirname, __shortyHost) {\n';
  const cachedData = saved ?? fallback;
  const script = new vm.Script(`${head}${source}\n})`, { filename: bundle, lineOffset: -1, cachedData });
  const taken = !script.cachedDataRejected;
  const ownTaken = saved !== undefined && taken;
  const baseTaken = fallback !== undefined && taken;
  const writes = [];
  if (!ownTaken) writes.push(own);
  if (own !== base && !ownTaken && !baseTaken) writes.push(base);
  if (writes.length > 0) {
    atExit(() => {
      let data;
      const cachedData = () => (data ??= script.createCachedData());
      removeOrphans(dir);
      for (const file of writes) {
        // A file of another build is replaced; a new one is written while the bundle has few.
        if (file === base || fs.existsSync(file) || fileCount(dir, prefix) < MAX_FILES)
          writeCache(file, { build, bundle }, cachedData);
      }
    });
  }
  const compiled = { exports: {} };
  const wrapper = script.runInThisContext();
  // The bundle's import() calls (see scripts/build.mjs): from here, where import() needs no vm option.
  const host = (specifier) => import(specifier);
  wrapper(compiled.exports, createRequire(bundle), compiled, bundle, path.dirname(bundle), host);
  return compiled.exports;
}

function saveAtExit(save) {
  process.once('exit', (code) => {
    if (teaches(code, process.cpuUsage())) save();
  });
}

/** Whether a run that ended with `code`, having used this much CPU (µs), may write its cache. */
function teaches(code, { user, system }) {
  return code === 0 && (user + system) / 1000 <= MAX_TEACHING_CPU_MS;
}

/**
 * The command of a run: its first two words (`urls list`, `help`), else its first option
 * (`--help` is `help`, `--version` is `version`), else nothing (`shorty` alone).
 */
function routeOf(argv) {
  const words = argv.filter((a) => !a.startsWith('-')).slice(0, 2);
  const named = words.filter((w) => /^[a-z][a-z-]*$/.test(w)).join(' ');
  if (named !== '' || argv.length === 0) return named;
  return /^--?([a-zA-Z][a-z-]*)$/.exec(argv[0])?.[1] ?? '';
}

/** The cache file: a JSON line ({build}) and V8's data. Only a file of this user's is read. */
function readCache(file, build) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
    const { size, uid } = fs.fstatSync(fd);
    if (typeof process.getuid === 'function' && uid !== process.getuid()) return undefined;
    const bytes = Buffer.allocUnsafe(size);
    if (fs.readSync(fd, bytes, 0, size, 0) !== size) return undefined;
    const end = bytes.indexOf(10);
    return JSON.parse(bytes.toString('utf8', 0, end)).build === build ? bytes.subarray(end + 1) : undefined;
  } catch {
    return undefined; // none yet, or unreadable: compiled as usual, and written at exit
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function fileCount(dir, prefix) {
  try {
    return fs.readdirSync(dir).filter((name) => name.startsWith(prefix)).length;
  } catch {
    return 0;
  }
}

/**
 * Written whole under a temp name of its own (never an existing file or link: the folder may be
 * the shared temp folder's), then renamed: a run starting meanwhile reads the old file or the new.
 */
function writeCache(file, header, cachedData) {
  const temp = `${file}.${process.pid}`;
  try {
    fs.writeFileSync(temp, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), cachedData()]), {
      mode: 0o600,
      flag: 'wx',
    });
    fs.renameSync(temp, file);
  } catch {
    // A cache is only a speed-up: the run's result stands.
    try {
      fs.rmSync(temp, { force: true });
    } catch {}
  }
}

/**
 * Removes the files of bundles that are gone (a copy in a temp folder, an install removed), which
 * nothing else would ever remove: each file names its bundle in its header. Run only when a run
 * writes, which is rare.
 */
function removeOrphans(dir) {
  let names;
  try {
    names = fs.readdirSync(dir).filter((name) => name.startsWith('shorty-') && name.endsWith('.cache'));
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const fd = fs.openSync(file, 'r');
      const head = Buffer.alloc(4096);
      const read = fs.readSync(fd, head, 0, head.length, 0);
      fs.closeSync(fd);
      const end = head.subarray(0, read).indexOf(10);
      const { bundle } = JSON.parse(head.toString('utf8', 0, end));
      if (typeof bundle !== 'string' || !fs.existsSync(bundle)) fs.rmSync(file, { force: true });
    } catch {
      // unreadable, or another run's: left alone
    }
  }
}

/** The files of one installed bundle (FNV-1a of its path): two installs never take turns. */
function nameHash(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
