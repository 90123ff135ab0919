// Builds dist/undici.cjs: only the part of undici shorty uses (scripts/undici-subset.cjs), so a
// command that sends a request loads ~40 modules instead of the whole package. The build reaches
// into undici's internal files, so package.json pins undici's exact version and every assumption
// below is checked: if undici moves or changes them, the build fails instead of shipping a
// broken transport.
import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const UNDICI_LIB = /[\\/]undici[\\/]lib[\\/]/;
const CLIENT = /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/;
const CLIENT_H2 = /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/;
const CORE_UTIL = /[\\/]undici[\\/]lib[\\/]core[\\/]util\.js$/;

// client.js hands a socket to the HTTP/2 code only when TLS negotiated h2 (ALPN offers h2 only
// with allowH2) or with useH2c; shorty sets neither, so HTTP/2 (and node:http2, ~11 ms to load)
// is left out. Should it ever be reached, the connection fails with this message.
const H2_STUB = `'use strict'
module.exports = function connectH2 () {
  throw new Error('HTTP/2 is not included in shorty\\'s build of undici (see scripts/build-undici.mjs)')
}
`;
const H2_ONLY_CALL = "socket.alpnProtocol === 'h2'\n          ? connectH2(client, socket)";

// undici requires node:http (~2 ms to load, with _http_server, _http_client...) for two things
// only: http.maxHeaderSize, the default header limit of each Client, and IncomingMessage, which
// util.destroy() compares a stream's class with. Both are answered from this stand-in instead:
// the limit without node:http unless the option that changes it was given, the class only when
// destroy() runs (util.js is rewritten to look it up then; an IncomingMessage can't exist
// before node:http is loaded anyway).
const LAZY_HTTP = `'use strict'
let http
const load = () => http || (http = require('node:http'))
// Node's default --max-http-header-size (16 KiB since Node 14)
const changed = /--max[-_]http[-_]header[-_]size/.test([...process.execArgv, process.env.NODE_OPTIONS || ''].join(' '))
module.exports = {
  get maxHeaderSize () { return changed ? load().maxHeaderSize : 16384 },
  get IncomingMessage () { return load().IncomingMessage }
}
`;
const EAGER_INCOMING = "const { IncomingMessage } = require('node:http')";
const INCOMING_USE = '.constructor === IncomingMessage)';

/** Serves undici's node:http from LAZY_HTTP; fails if undici uses more of node:http than it knows. */
function lazyHttp() {
  const seen = { util: false };
  return {
    seen,
    plugin: {
      name: 'undici-lazy-http',
      setup(b) {
        b.onResolve({ filter: /^node:http$/ }, (args) => (args.namespace === 'undici-lazy-http'
          ? { path: 'node:http', external: true } // the stand-in's own require
          : { path: 'lazy-http', namespace: 'undici-lazy-http' }));
        b.onLoad({ filter: /.*/, namespace: 'undici-lazy-http' }, () => ({ contents: LAZY_HTTP, loader: 'js' }));
        b.onLoad({ filter: CORE_UTIL }, async (args) => {
          const source = await readFile(args.path, 'utf8');
          if (!source.includes(EAGER_INCOMING) || source.split('IncomingMessage').length !== 3 || !source.includes(INCOMING_USE)) {
            throw new Error('undici\'s core/util.js no longer uses node:http as expected: update scripts/build-undici.mjs');
          }
          seen.util = true;
          const contents = source.replace(EAGER_INCOMING, "const http = require('node:http')")
            .replace(INCOMING_USE, '.constructor === http.IncomingMessage)');
          return { contents, loader: 'js' };
        });
      },
    },
  };
}

// undici calls node:assert only as assert(value[, message]) (checked by checkAssertUses), and
// node:assert costs ~2 ms to load (AssertionError, its diff printer, colours) for checks that
// pass unless undici itself has a bug. This stand-in throws the same kind of error.
const ASSERT = `'use strict'
function assert (value, message) {
  if (value) return
  const err = new Error(message || 'undici: internal assertion failed')
  err.name = 'AssertionError'
  err.code = 'ERR_ASSERTION'
  throw err
}
module.exports = assert
`;

/** Serves undici's node:assert from ASSERT. */
const lightAssert = {
  name: 'undici-light-assert',
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, () => ({ path: 'light-assert', namespace: 'undici-light-assert' }));
    b.onLoad({ filter: /.*/, namespace: 'undici-light-assert' }, () => ({ contents: ASSERT, loader: 'js' }));
  },
};

/** Every file that takes node:assert must only call it: ASSERT has no methods. */
async function checkAssertUses(inputs) {
  for (const path of Object.keys(inputs).filter((p) => UNDICI_LIB.test(p))) {
    const source = await readFile(path, 'utf8');
    if (!/require\('(node:)?assert'\)/.test(source)) continue;
    const bound = source.match(/^const assert = require\('node:assert'\)$/gm)?.length ?? 0;
    const members = source.match(/\bassert\.\w+|\{[^}]*\}\s*=\s*require\('(node:)?assert'\)/g) ?? [];
    if (bound !== 1 || members.length) {
      throw new Error(`${path} uses node:assert beyond assert(value, message): update ASSERT in scripts/build-undici.mjs`);
    }
  }
}

// core/tree.js builds a ternary search tree of ~100 well-known header names when undici loads
// (~0.3 ms and 60 KB of young objects on every request command), so that a response's header
// names can be lower-cased without a string allocation. shorty sends at most a few requests a
// second (the service's cap is 30 a minute), for which String#toLowerCase, undici's own fallback
// for names the tree lacks, does as well; the names come out the same.
const CORE_TREE = /[\\/]undici[\\/]lib[\\/]core[\\/]tree\.js$/;
const NO_TREE = `'use strict'
module.exports = { tree: { lookup: () => null } }
`;
const TREE_REQUIRE = "const { tree } = require('./tree')";

/** Serves core/tree.js from NO_TREE, after checking that core/util.js only looks names up in it. */
async function checkTreeUses(inputs) {
  const users = [];
  for (const path of Object.keys(inputs).filter((p) => UNDICI_LIB.test(p) && !CORE_TREE.test(p))) {
    const source = await readFile(path, 'utf8');
    if (/require\('\.{1,2}\/(core\/)?tree(\.js)?'\)/.test(source)) users.push({ path, source });
  }
  const ok = users.length === 1 && CORE_UTIL.test(users[0].path) && users[0].source.includes(TREE_REQUIRE)
    && (users[0].source.match(/\btree\.\w+/g) ?? []).every((use) => use === 'tree.lookup');
  if (!ok) throw new Error('undici uses core/tree.js beyond tree.lookup() in core/util.js: update NO_TREE in scripts/build-undici.mjs');
}

const noHeaderTree = {
  name: 'undici-no-header-tree',
  setup(b) {
    b.onLoad({ filter: CORE_TREE }, () => ({ contents: NO_TREE, loader: 'js' }));
  },
};

// llhttp, undici's HTTP parser, ships as WebAssembly in base64 inside two JS files (with and
// without SIMD), 72 KB each. The SIMD one, the one V8 runs on any x64 or arm64 CPU of the last
// decade, is written as a binary file beside the chunk and read from there: 54 KB instead of a
// 72 KB string to read, cache and decode on every request command. The other one, and the
// FormData/Blob body code (shorty sends strings), are never reached in practice: they stay in the
// installed undici package (its exact version, see checkPinned) and load from there if they are.
const SIMD_WASM = /[\\/]llhttp[\\/]llhttp_simd-wasm\.js$/;
const SIMD_WASM_FILE = 'llhttp_simd.wasm';
const SIMD_FROM_FILE = `'use strict'
module.exports = require('node:fs').readFileSync(require('node:path').join(__dirname, '${SIMD_WASM_FILE}'))
`;
const FROM_PACKAGE = new Map([
  ['../llhttp/llhttp-wasm.js', 'undici/lib/llhttp/llhttp-wasm.js'],
  ['../web/fetch/body.js', 'undici/lib/web/fetch/body.js'],
]);

// llhttp/constants.js builds some thirty tables for llhttp's own code generator at load time
// (~1 ms); undici's client reads two of them. Those two are computed here, once, from the
// installed module, after checking that client-h1.js uses nothing else.
const LLHTTP_CONSTANTS = /[\\/]llhttp[\\/]constants\.js$/;
const CLIENT_H1 = /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h1\.js$/;
const USED_CONSTANTS = ['ERROR', 'TYPE'];

async function precomputedConstants() {
  const all = createRequire(import.meta.url)('undici/lib/llhttp/constants.js');
  const used = Object.fromEntries(USED_CONSTANTS.map((name) => [name, all[name]]));
  if (USED_CONSTANTS.some((name) => typeof all[name] !== 'object' || all[name] === null)) {
    throw new Error('undici\'s llhttp/constants.js changed: update scripts/build-undici.mjs');
  }
  return `'use strict'\nmodule.exports = ${JSON.stringify(used)}\n`;
}

// undici makes its one llhttp instance when the first connection opens. V8 soon judges the
// parser's main function hot and recompiles it with TurboFan on a helper thread: ~120-200 ms of
// CPU, and process.exit() waits for that job, so a one-request command took twice as long. A
// larger tiering budget, which V8 reads when it compiles the module, keeps a short run on the
// baseline (Liftoff) code, which parses a response in microseconds anyway; a long run (a bulk
// import) still tiers up after a few hundred responses. The flag is raised only while the
// instance is made: while V8's flags differ from the ones it started with, it refuses every code
// cache, Node's for its own modules included (node:tls and node:crypto, loaded as an https
// connection opens, took ~6 ms more that way). Only on V8 11 (Node 20), where the flag and its
// default were checked: an unknown flag is reported on stdout.
const FIRST_PARSER = '    llhttpInstance = lazyllhttp()\n';
const BASELINE_PARSER = `'use strict'
const DEFAULT_TIERING_BUDGET = 1800000
module.exports = function onBaselineCode (makeParser) {
  if (process.versions.v8.split('.')[0] !== '11') return makeParser()
  const v8 = require('node:v8')
  v8.setFlagsFromString('--wasm-tiering-budget=' + DEFAULT_TIERING_BUDGET * 50)
  try {
    return makeParser()
  } finally {
    v8.setFlagsFromString('--wasm-tiering-budget=' + DEFAULT_TIERING_BUDGET)
  }
}
`;

/** Serves the parts above from a file in dist/ or from the installed package. */
function lighterParser() {
  const seen = { simd: false, constants: false, clientH1: false, fromPackage: new Set() };
  return {
    seen,
    plugin: {
      name: 'undici-lighter-parser',
      setup(b) {
        b.onResolve({ filter: /^\.\.\/(llhttp|web)\// }, (args) => {
          const target = FROM_PACKAGE.get(args.path);
          if (!target || !UNDICI_LIB.test(args.importer)) return undefined;
          seen.fromPackage.add(args.path);
          return { path: target, external: true };
        });
        b.onResolve({ filter: /^shorty-baseline-parser$/ }, () => ({ path: 'baseline-parser', namespace: 'undici-baseline-parser' }));
        b.onLoad({ filter: /.*/, namespace: 'undici-baseline-parser' }, () => ({ contents: BASELINE_PARSER, loader: 'js' }));
        b.onLoad({ filter: SIMD_WASM }, () => {
          seen.simd = true;
          return { contents: SIMD_FROM_FILE, loader: 'js' };
        });
        b.onLoad({ filter: LLHTTP_CONSTANTS }, async () => {
          seen.constants = true;
          return { contents: await precomputedConstants(), loader: 'js' };
        });
        b.onLoad({ filter: CLIENT_H1 }, async (args) => {
          const source = await readFile(args.path, 'utf8');
          const uses = new Set(source.match(/\bconstants\.[A-Z_]+/g));
          const unknown = [...uses].filter((use) => !USED_CONSTANTS.includes(use.slice('constants.'.length)));
          const requires = source.match(/require\('\.\.\/llhttp\/constants\.js'\)/g)?.length ?? 0;
          if (unknown.length || requires !== 1) {
            throw new Error(`undici's client-h1.js uses ${unknown.join(', ') || 'llhttp constants differently'}: update USED_CONSTANTS in scripts/build-undici.mjs`);
          }
          if (source.split(FIRST_PARSER).length !== 2) {
            throw new Error('undici\'s client-h1.js no longer makes its parser as expected: update FIRST_PARSER in scripts/build-undici.mjs');
          }
          seen.clientH1 = true;
          const contents = source.replace(FIRST_PARSER, "    llhttpInstance = require('shorty-baseline-parser')(lazyllhttp)\n");
          return { contents, loader: 'js' };
        });
      },
    },
  };
}

/** dist/llhttp_simd.wasm: the bytes undici's own module decodes, checked to be WebAssembly. */
async function writeSimdWasm(outDir) {
  const bytes = createRequire(import.meta.url)('undici/lib/llhttp/llhttp_simd-wasm.js');
  if (!Buffer.isBuffer(bytes) || !WebAssembly.validate(bytes)) {
    throw new Error('undici\'s llhttp_simd-wasm.js no longer exports the WebAssembly bytes: update scripts/build-undici.mjs');
  }
  await writeFile(`${outDir}/${SIMD_WASM_FILE}`, bytes);
}

/** Every use of node:http in the bundle must be one LAZY_HTTP answers. */
async function checkHttpUses(inputs) {
  for (const path of Object.keys(inputs).filter((p) => UNDICI_LIB.test(p))) {
    const source = await readFile(path, 'utf8');
    const uses = source.match(/\bhttp\.\w+|\{[^}]*\}\s*=\s*require\('node:http'\)/g) ?? [];
    const unknown = uses.filter((u) => !/^http\.maxHeaderSize$/.test(u) && !u.includes('IncomingMessage'));
    if (unknown.length) throw new Error(`${path} uses ${unknown.join(', ')} of node:http: update LAZY_HTTP in scripts/build-undici.mjs`);
  }
}

async function checkPinned(pkg) {
  const spec = pkg.dependencies.undici;
  const installed = JSON.parse(await readFile(new URL('../node_modules/undici/package.json', import.meta.url), 'utf8')).version;
  if (spec !== installed) {
    throw new Error(`package.json must pin undici to the installed version exactly (found "${spec}", installed ${installed}): `
      + 'scripts/build-undici.mjs builds from its internal files');
  }
}

/** Replaces client-h2.js by a stub, after checking that client.js uses it only for h2 sockets. */
function withoutHttp2() {
  const seen = { client: false, h2: false };
  return {
    seen,
    plugin: {
      name: 'undici-without-http2',
      setup(b) {
        b.onLoad({ filter: CLIENT }, async (args) => {
          const source = await readFile(args.path, 'utf8');
          const uses = source.match(/connectH2\(/g)?.length ?? 0;
          if (!source.includes(H2_ONLY_CALL) || uses !== 1) {
            throw new Error('undici\'s client.js no longer calls connectH2 only for h2 sockets: update scripts/build-undici.mjs');
          }
          seen.client = true;
          return { contents: source, loader: 'js' };
        });
        b.onLoad({ filter: CLIENT_H2 }, () => {
          seen.h2 = true;
          return { contents: H2_STUB, loader: 'js' };
        });
        b.onResolve({ filter: /^(node:)?http2$/ }, (args) => {
          throw new Error(`node:http2 is still required by ${args.importer}: update scripts/build-undici.mjs`);
        });
      },
    },
  };
}

export async function buildUndici(pkg) {
  await checkPinned(pkg);
  const { seen, plugin } = withoutHttp2();
  const http = lazyHttp();
  const parser = lighterParser();
  const result = await build({
    entryPoints: ['scripts/undici-subset.cjs'],
    outfile: 'dist/undici.cjs',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    plugins: [plugin, http.plugin, lightAssert, noHeaderTree, parser.plugin],
    logLevel: 'warning',
  });
  if (!http.seen.util) throw new Error('undici\'s core/util.js was not where expected: update scripts/build-undici.mjs');
  await checkHttpUses(result.metafile.inputs);
  await checkAssertUses(result.metafile.inputs);
  await checkTreeUses(result.metafile.inputs);
  if (!parser.seen.simd || !parser.seen.constants || !parser.seen.clientH1 || parser.seen.fromPackage.size !== FROM_PACKAGE.size) {
    throw new Error('undici\'s llhttp or body modules were not where expected: update scripts/build-undici.mjs');
  }
  await writeSimdWasm('dist');
  if (!seen.client || !seen.h2) throw new Error('undici\'s HTTP/2 client was not where expected: update scripts/build-undici.mjs');
  const outside = Object.keys(result.metafile.inputs)
    .filter((p) => !UNDICI_LIB.test(p) && !p.endsWith('undici-subset.cjs') && !/^undici-(lazy-http|light-assert|baseline-parser):/.test(p));
  if (outside.length) throw new Error(`unexpected files in dist/undici.cjs: ${outside.join(', ')}`);
}
