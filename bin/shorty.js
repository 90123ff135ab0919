#!/usr/bin/env node
'use strict';
const { enableCompileCache } = require('node:module');

// Node 22.1+ keeps the compiled bundle on disk between runs; older versions compile it each time.
if (typeof enableCompileCache === 'function') enableCompileCache();
require('../dist/shorty.cjs').run(process.argv.slice(2));
