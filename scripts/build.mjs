// Builds dist/ from the sources: everything the CLI runs is bundled, so the installed package
// needs no other package but the OS keyring's native binding (package.json's dependencies, left
// external and loaded only by a profile whose key is in the keyring).
// - dist/shorty.cjs: the front, from src/front.ts: prints the version, and the root help that the
//   build renders here with the CLI itself, without loading the CLI; else it requires dist/cli.cjs.
// - dist/cli.cjs: our code, commander, which every command needs, and write-file-atomic, which every
//   request needs for the rate-limit state (inside the bundle it is initialised on first use all
//   the same: `urls list` 3-5 ms sooner on Node 24, side by side).
//   The request path's functions are written so that V8 compiles them with the file, and Node's
//   compile cache keeps them (scripts/eager-compile.mjs); then its names are shortened
//   (scripts/minify-names.mjs).
// - dist/commands.cjs: the commands that serve or run long (the sandbox, the MCP server,
//   completion, the bulk verbs) and the modules only they use, which no other run reads; each
//   module is in one of the two files (scripts/cli-files.mjs).
// - dist/vendor/*.cjs: each package the code loads with import() at first use (the CSV stack,
//   chalk, inquirer, the proxy agents, ioredis...), bundled in a file of its own, so that
//   `shorty --help` never reads it.
// - dist/mcp-sdk.cjs: the MCP SDK and zod, from src/mcp/sdk.ts: bundled, they load in half the CPU
//   time of their ~240 files, and only `shorty mcp` requires that file. The answer to tools/list it
//   serves, src/mcp/tool-list.json (`npm run mcp-tools`), is dist/mcp-tools.json, read the same way.
// - dist/THIRD-PARTY-LICENSES: the licence of every package bundled in the files above.
// The source maps (dist/*.cjs.map) are for debugging a build; the package leaves them out.
import { build } from 'esbuild';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import {
  commanderHelpOnly,
  importAsRequire,
  lazyChildProcess,
  lazyCommands,
  rootHelpDefines,
} from './build-plugins.mjs';
import { BUNDLE_OPTIONS } from './bundle-options.mjs';
import { eagerCompile, onRequestPath } from './eager-compile.mjs';
import { minifyNames } from './minify-names.mjs';
import { buildCliFiles, CORE } from './cli-files.mjs';
import { thirdPartyLicenses } from './licenses.mjs';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const RUNTIME = Object.keys(pkg.dependencies);
const MCP_CHUNK = './mcp-sdk.cjs';
const MCP_TOOLS = './mcp-tools.json';

const common = {
  ...BUNDLE_OPTIONS,
  target: 'node20',
  metafile: true,
  write: false,
};

/** The file in dist/vendor/ that holds a package loaded with import(). */
const vendorFile = (specifier) => `vendor/${specifier.replace(/^@/, '').replaceAll('/', '-')}.cjs`;

/** src/mcp/sdk.ts and src/mcp/tool-list.json, imported from src/mcp/, are files of their own in dist/. */
const mcpChunk = {
  name: 'mcp-sdk-chunk',
  setup(build) {
    build.onResolve({ filter: /\/sdk\.js$/ }, (args) =>
      args.importer.includes('/src/mcp/') ? { path: MCP_CHUNK, external: true } : undefined,
    );
    build.onResolve({ filter: /\/tool-list\.json$/ }, (args) =>
      args.importer.includes('/src/mcp/') ? { path: MCP_TOOLS, external: true } : undefined,
    );
  },
};

/**
 * A package imported with import() is required from its file in dist/vendor/ (its specifier is
 * added to `onDemand`). Required, not imported: the ESM loader sees no named exports in a bundled
 * CommonJS file.
 */
const vendorFiles = (onDemand) =>
  importAsRequire('vendor', (specifier) => {
    if (specifier.startsWith('node:')) return undefined;
    if (RUNTIME.some((name) => specifier === name || specifier.startsWith(`${name}/`))) return undefined;
    onDemand.add(specifier);
    return `./${vendorFile(specifier)}`;
  });

const onDemand = new Set();
const cliFiles = await buildCliFiles(
  {
    ...common,
    external: RUNTIME,
    define: { __SHORTY_VERSION__: JSON.stringify(pkg.version) },
    plugins: [mcpChunk, vendorFiles(onDemand), lazyChildProcess, lazyCommands],
  },
  'src/entry.ts',
);

const sdk = await build({ ...common, entryPoints: ['src/mcp/sdk.ts'], outfile: 'dist/mcp-sdk.cjs' });

const vendors = await Promise.all(
  [...onDemand].map((specifier) =>
    build({
      ...common,
      stdin: { contents: `module.exports = require(${JSON.stringify(specifier)});`, resolveDir: '.' },
      outfile: `dist/${vendorFile(specifier)}`,
      external: RUNTIME,
    }),
  ),
);

// The request path's functions compiled with the core, so Node's compile cache keeps them; then
// short names in both files.
for (const [file, result] of cliFiles) {
  const code = result.outputFiles.find((f) => f.path.endsWith('.cjs'));
  const map = result.outputFiles.find((f) => f.path.endsWith('.cjs.map'));
  const eager =
    file === CORE
      ? eagerCompile(code.text, JSON.parse(map.text), onRequestPath)
      : { code: code.text, map: JSON.parse(map.text) };
  const short = await minifyNames(eager.code, eager.map);
  result.outputFiles = [
    { path: code.path, text: short.code },
    { path: map.path, text: JSON.stringify(short.map) },
  ];
}

const results = [...cliFiles.values(), sdk, ...vendors];
// Files of packages no longer loaded on demand go; the single executable, if built, stays.
await rm('dist/vendor', { recursive: true, force: true });
await mkdir('dist/vendor', { recursive: true });
for (const { outputFiles } of results) for (const { path, text } of outputFiles) await writeFile(path, text);
await copyFile('src/mcp/tool-list.json', 'dist/mcp-tools.json');
await writeFile('dist/THIRD-PARTY-LICENSES', await thirdPartyLicenses(results.map((r) => r.metafile)));

const front = await build({
  ...common,
  entryPoints: ['src/front.ts'],
  outfile: 'dist/shorty.cjs',
  write: true,
  define: {
    __SHORTY_VERSION__: JSON.stringify(pkg.version),
    ...(await rootHelpDefines('dist/cli.cjs')),
  },
  // import('./entry.js'), the CLI, is dist/cli.cjs, required when the front needs it.
  plugins: [importAsRequire('front-cli', () => './cli.cjs', /^\.\/entry\.js$/), commanderHelpOnly],
});
const FRONT_INPUTS =
  /^(src\/(front|version|io|help\/layout)\.ts|node_modules\/commander\/lib\/(help|argument|error)\.js|front-cli:.*)$/;
if (Object.keys(front.metafile.inputs).some((file) => !FRONT_INPUTS.test(file)))
  throw new Error(`the front bundles more than itself: ${Object.keys(front.metafile.inputs).join(', ')}`);
