// The CLI in two files. dist/commands.cjs holds the commands that serve or run long
// (`LONG_RUNNING`: the sandbox, the MCP server, completion, and the bulk verbs import, export and
// sync) and the modules only they use, two fifths of the CLI; dist/cli.cjs holds everything else,
// so that a run of any other command reads and loads that much less. Each module is in one of the
// two: a file takes a module of the other through that file's `moduleOf(path)`, when the module is
// first used, so a run has one instance of each module. docs/design/performance.md has the figures.
import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const LINKED = 'linked-module';
export const CORE = 'cli';
const REST = 'commands';

/** The commands (registered lazily by lazyCommands) whose code is in dist/commands.cjs. */
const LONG_RUNNING = new Set(
  ['sandbox/index', 'mcp/index', 'completion/index', 'urls/import', 'urls/export', 'urls/sync'].map(
    (name) => `src/commands/${name}.ts`,
  ),
);

/** A module that src/commands/index.ts or a group's index.ts requires lazily: a command or a verb. */
function isCommand(importer, edge) {
  return (
    edge.kind === 'require-call' &&
    /^src\/commands\/([\w-]+\/)?index\.ts$/.test(importer) &&
    /^src\/commands\/.+\.ts$/.test(edge.path)
  );
}

const isModule = (path) => !/^[a-z][\w-]+:/.test(path);
const slashed = (path) => path.split(sep).join('/');

/** Which of the two files holds each module of the bundle of `entry` (`options`, esbuild's). */
async function assignFiles(options, entry) {
  const whole = await build({ ...options, entryPoints: [entry], write: false, metafile: true, sourcemap: false });
  const { inputs } = whole.metafile;
  const edges = (path) =>
    (inputs[path]?.imports ?? []).filter((e) => !e.external && isModule(e.path) && inputs[e.path]);
  const commands = new Set();
  for (const path of Object.keys(inputs)) for (const e of edges(path)) if (isCommand(path, e)) commands.add(e.path);
  // Each of LONG_RUNNING must still be a command, or what it names would stay in the core unseen.
  const gone = [...LONG_RUNNING].filter((path) => !commands.has(path));
  if (gone.length > 0) throw new Error(`cli-files: LONG_RUNNING names no command at ${gone.join(', ')}`);
  const core = new Set();
  const todo = [entry];
  while (todo.length > 0) {
    const path = todo.pop();
    if (core.has(path)) continue;
    core.add(path);
    for (const e of edges(path)) if (!LONG_RUNNING.has(e.path)) todo.push(e.path);
  }
  const fileOf = new Map(
    Object.keys(inputs)
      .filter(isModule)
      .map((path) => [path, core.has(path) ? CORE : REST]),
  );
  // What each file gives the other: the modules the other imports from it.
  const given = new Map([
    [CORE, new Set()],
    [REST, new Set()],
  ]);
  for (const path of fileOf.keys())
    for (const e of edges(path)) if (fileOf.get(e.path) !== fileOf.get(path)) given.get(fileOf.get(e.path)).add(e.path);
  return { fileOf, given };
}

/** In `file`'s build: a module of the other file is taken from it when first required. */
function linker(file, fileOf) {
  return {
    name: 'cli-files-linker',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === LINKED || args.kind === 'entry-point') return undefined;
        if (args.namespace === LINKED) return { path: args.path, external: true };
        const found = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: LINKED,
        });
        if (found.errors.length > 0 || found.external || found.namespace !== 'file') return undefined;
        const path = slashed(relative(process.cwd(), found.path));
        const owner = fileOf.get(path);
        if (owner === undefined || owner === file) return undefined;
        // `.cjs`: a CommonJS stub, whatever the module's own name says (commander's esm.mjs).
        return { path: `${path}.cjs`, namespace: LINKED, pluginData: owner };
      });
      build.onLoad({ filter: /.*/, namespace: LINKED }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(`./${args.pluginData}.cjs`)}).moduleOf(${JSON.stringify(args.path.slice(0, -'.cjs'.length))});`,
        loader: 'js',
      }));
    },
  };
}

/** `export function moduleOf(path)`: a require of each module the file gives the other. */
function moduleTable(paths) {
  const cases = [...paths]
    .sort()
    .map((path) => `    case ${JSON.stringify(path)}: return require(${JSON.stringify(resolve(path))});`);
  return `\nexport function moduleOf(path: string): unknown {\n  switch (path) {\n${cases.join('\n')}\n  }\n  throw new Error(\`no module \${path} here\`);\n}\n`;
}

/**
 * Builds the two files (not written: esbuild's result for each, by name): the core from `entry`,
 * with its exports and `moduleOf`; dist/commands.cjs, `moduleOf` alone. Fails if a file would
 * hold a module of the other.
 */
export async function buildCliFiles(options, entry) {
  const { fileOf, given } = await assignFiles(options, entry);
  const results = new Map();
  for (const file of [CORE, REST]) {
    const table = moduleTable(given.get(file));
    const withTable = {
      name: 'cli-files-entry',
      setup(build) {
        build.onLoad({ filter: /[\\/]src[\\/]entry\.ts$/ }, async (args) =>
          file === CORE ? { contents: (await readFile(args.path, 'utf8')) + table, loader: 'ts' } : undefined,
        );
      },
    };
    const result = await build({
      ...options,
      ...(file === CORE
        ? { entryPoints: [entry] }
        : { stdin: { contents: table, resolveDir: process.cwd(), sourcefile: `${REST}.ts`, loader: 'ts' } }),
      outfile: `dist/${file}.cjs`,
      sourcemap: 'external',
      write: false,
      metafile: true,
      plugins: [withTable, ...options.plugins, linker(file, fileOf)],
    });
    const strays = Object.keys(result.metafile.inputs).filter(
      (path) => isModule(path) && path !== `${REST}.ts` && fileOf.get(path) !== file,
    );
    if (strays.length > 0)
      throw new Error(`cli-files: dist/${file}.cjs holds modules of the other: ${strays.join(', ')}`);
    results.set(file, result);
  }
  return results;
}
