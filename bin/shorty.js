#!/usr/bin/env node
'use strict';
// CommonJS on purpose: it starts faster than ESM, and a CLI called in loops pays start-up every time.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(require('../package.json').version + '\n');
} else {
  const mod = require('node:module');
  if (typeof mod.enableCompileCache === 'function') {
    try { mod.enableCompileCache(); } catch { /* a cache is an optimisation only */ }
  }
  require('../dist/shorty.cjs').run(args);
}
