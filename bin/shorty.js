#!/usr/bin/env node
'use strict';
const { lstatSync, mkdirSync, readdirSync, rmSync } = require('node:fs');
const { enableCompileCache } = require('node:module');
const { homedir } = require('node:os');
const { join } = require('node:path');

// Node 22.8+ keeps what it compiled of the bundle between runs. Its default folder is in the
// shared temp folder, where another user could plant files; shorty's is in the user's cache
// folder, and is used only if it is a real folder of theirs that nobody else may write. This
// runs before the bundle is loaded (so that the bundle itself is cached), which is why it cannot
// use the bundle's own rule for private folders.

// Node reads a cache entry whole before it checks it: a FIFO there would hold every start, a huge
// file slow it. A sound cache is a folder per Node build holding a few files, each under a few MiB
// (the bundles are smaller): anything else is removed, or the cache is not used. Two levels of
// names and an lstat per file: microseconds. (Declared before the code below uses it.)
const MAX_ENTRY_BYTES = 32 * 1024 * 1024;

if (typeof enableCompileCache === 'function' && !process.env.NODE_DISABLE_COMPILE_CACHE) {
  const dir = process.env.NODE_COMPILE_CACHE || privateCacheDir();
  if (dir) enableCompileCache(dir);
}
require('../dist/shorty.cjs').run(process.argv.slice(2));

function privateCacheDir() {
  const own = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'shorty');
  const dir = join(own, 'compile');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return isPrivateDir(own) && isPrivateDir(dir) && cacheIsSound(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

function isPrivateDir(path) {
  const info = lstatSync(path);
  const mine = process.getuid === undefined || info.uid === process.getuid();
  return info.isDirectory() && mine && (info.mode & 0o022) === 0;
}

function cacheIsSound(dir) {
  // `${a}/${b}`, not join(): the names come from readdir, and join costs ~1 ms cold, at every start.
  for (const build of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${build.name}`;
    if (!build.isDirectory()) return removed(path);
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const file = `${path}/${entry.name}`;
      if (!entry.isFile() || lstatSync(file).size > MAX_ENTRY_BYTES) {
        if (!removed(file)) return false;
      }
    }
  }
  return true;
}

function removed(path) {
  try {
    rmSync(path, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}
