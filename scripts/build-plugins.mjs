// esbuild plugins shared by the package's build (scripts/build.mjs) and the single executable's
// (scripts/build-binary.mjs).
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBundledTs } from './bundled-ts.mjs';

/**
 * commander requires node:child_process as it loads, for subcommands run as executables, which
 * shorty has none of; that module brings net, dgram and more, a fifth of `shorty --help` on
 * Node 24. Bundled, it is required at its first use instead.
 */
export const lazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!source.includes(eager)) throw new Error(`${args.path}: no \`${eager}\` to make lazy`);
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

/**
 * Turns import('x') of a module left outside the bundle into a module of the bundle that requires
 * it: `specifier` maps such an x to what to require (or undefined: leave it to esbuild). `filter`:
 * the x looked at (packages by default).
 */
export function importAsRequire(name, specifier, filter = /^[@a-z]/) {
  return {
    name,
    setup(build) {
      build.onResolve({ filter }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const target = specifier(args.path);
        return target === undefined ? undefined : { path: target, namespace: name };
      });
      build.onLoad({ filter: /.*/, namespace: name }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
      build.onResolve({ filter: /.*/, namespace: name }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/**
 * src/commands/index.ts imports every top-level command's register(), and each group's index.ts
 * the register() of each of its verbs; bundled as written, every module of every command (and the
 * built-in modules they require, crypto and worker_threads among them) would be initialised on
 * every run. Each such import becomes a function that requires the module when the command or
 * verb is registered: esbuild initialises a module of the bundle at its first require, so a run
 * initialises only the commands and verbs it builds (registerCommands, buildVerbs).
 */
export const lazyCommands = {
  name: 'lazy-commands',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]commands[\\/]([\w-]+[\\/])?index\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const top = !/[\\/]commands[\\/][\w-]+[\\/]index\.ts$/.test(args.path);
      const eager = /^import \{ (register\w*)(?: as (\w+))? \} from '(\.{1,2}\/[\w/.-]+\.js)';$/gm;
      const found = source.match(eager)?.length ?? 0;
      if (top && found < 10) throw new Error(`${args.path}: expected the commands' register imports, found ${found}`);
      // Any other import of a register() would stay eager, unseen: refused.
      const other = source.match(/^import [^;]*\bregister\w*\b[^;]*;$/gm)?.filter((line) => !line.match(eager));
      if (other?.length)
        throw new Error(`${args.path}: an import of a register() the build can't make lazy: ${other[0]}`);
      const contents = source.replace(
        eager,
        (_, imported, local, path) =>
          `const ${local ?? imported} = (...a: any[]) => require(${JSON.stringify(path)}).${imported}(...a);`,
      );
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * The root help as the built CLI prints it to a pipe (80 columns, no colour), for the front to
 * print without loading the CLI: made by the CLI itself, so the two can't differ.
 */
export function renderRootHelp(cliFile) {
  return execFileSync(process.execPath, ['-e', `require(${JSON.stringify(resolve(cliFile))}).run(['--help'])`], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/**
 * The front's defines: the root help's text as the built CLI prints it to a pipe, and the page the
 * front lays out on a terminal, with what follows it (scripts/root-help.ts, from the sources). The
 * text made from the sources must be the built CLI's, or the build stops.
 */
export async function rootHelpDefines(cliFile) {
  const text = renderRootHelp(cliFile);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const made = await withBundledTs(root, 'scripts/root-help.ts', (m) => m.rootHelp());
  if (made.text !== text) throw new Error(`the root help made from the sources is not what ${cliFile} prints`);
  return {
    __SHORTY_ROOT_HELP__: JSON.stringify(text),
    // A string, parsed on a terminal only: as an object, esbuild would build it at every start.
    __SHORTY_ROOT_HELP_PAGE__: JSON.stringify(JSON.stringify({ page: made.page, after: made.after })),
  };
}

/**
 * The front needs commander's Help alone (to lay the root help out at a terminal's width): its
 * file, not the package, whose index loads the whole of commander.
 */
export const commanderHelpOnly = {
  name: 'commander-help-only',
  setup(build) {
    build.onResolve({ filter: /^commander$/ }, () => ({
      path: fileURLToPath(new URL('lib/help.js', import.meta.resolve('commander'))),
    }));
  },
};
