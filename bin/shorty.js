#!/usr/bin/env node
'use strict';
const { lstatSync, mkdirSync } = require('node:fs');
const { enableCompileCache } = require('node:module');
const { homedir } = require('node:os');
const { join } = require('node:path');

// Node 22.8+ keeps what it compiled of the bundle between runs. Its default folder is in the
// shared temp folder, where another user could plant files; shorty's is in the user's cache
// folder, and is used only if it is a real folder of theirs that nobody else may write. This
// runs before the bundle is loaded (so that the bundle itself is cached), which is why it cannot
// use the bundle's own rule for private folders.
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
    return isPrivateDir(own) && isPrivateDir(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

function isPrivateDir(path) {
  const info = lstatSync(path);
  const mine = process.getuid === undefined || info.uid === process.getuid();
  return info.isDirectory() && mine && (info.mode & 0o022) === 0;
}
