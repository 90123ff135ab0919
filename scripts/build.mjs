// Bundles the CLI into one CommonJS file, dist/shorty.cjs: our code, commander, which every run
// needs, and write-file-atomic, which every request needs for the rate-limit state (inside the
// bundle it is initialised on first use all the same, and its code joins the bundle's code cache:
// `urls list` 3-5 ms sooner on Node 24, side by side). The other dependencies stay external and
// are loaded with import() by the code that uses them, so `shorty --help` never loads the HTTP
// client, inquirer or the CSV stack.
// The MCP SDK and zod go to a file of their own, dist/mcp-sdk.cjs, from src/mcp/sdk.ts: bundled,
// they load in half the CPU time of their ~240 files, and only `shorty mcp` requires that file
// (from inside the lazily run part of the main bundle), so no other command reads it.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const MCP_SDK = ['@modelcontextprotocol/sdk', 'zod'];
const BUNDLED = ['commander', 'write-file-atomic', ...MCP_SDK];
const MCP_CHUNK = './mcp-sdk.cjs';

/** src/mcp/sdk.ts, wherever it is imported from, is the separate file dist/mcp-sdk.cjs. */
const mcpChunk = {
  name: 'mcp-sdk-chunk',
  setup(build) {
    build.onResolve({ filter: /\/sdk\.js$/ }, (args) =>
      args.importer.includes('/src/mcp/') ? { path: MCP_CHUNK, external: true } : undefined,
    );
  },
};

const sdk = await build({
  entryPoints: ['src/mcp/sdk.ts'],
  outfile: 'dist/mcp-sdk.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
});

const { outputFiles } = await build({
  entryPoints: ['src/entry.ts'],
  outfile: 'dist/shorty.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: Object.keys(pkg.dependencies).filter((name) => !BUNDLED.includes(name)),
  // Whitespace and syntax only: identifiers keep their names, so error names stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'none',
  define: { __SHORTY_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
  plugins: [mcpChunk],
  write: false,
});

await mkdir('dist', { recursive: true });
for (const { path, text } of sdk.outputFiles) await writeFile(path, text);
for (const { path, text } of outputFiles) {
  await writeFile(path, path.endsWith('.cjs') ? withBuildMark(routeDynamicImports(text)) : text);
}

/**
 * bin/shorty.js compiles the bundle with vm.Script (to give V8 a code cache), where import() works
 * only through vm's experimental loader option, which prints a warning. So each import() of a
 * dependency or of a Node module goes through `__shortyImport`, defined at the end: it calls the
 * `__shortyHost` bin/shorty.js hands the bundle, and is a plain import() when the bundle is
 * require()d.
 */
function routeDynamicImports(text) {
  const external = Object.keys(pkg.dependencies);
  const isExternal = (spec) => spec.startsWith('node:') || external.some((n) => spec === n || spec.startsWith(`${n}/`));
  const routed = text.replace(/(?<![\w$.])import\("([^"]+)"\)/g, (_call, spec) => {
    if (!isExternal(spec)) throw new Error(`unexpected dynamic import of "${spec}" in the bundle`);
    return `__shortyImport("${spec}")`;
  });
  const left = routed.match(/(?<![\w$.])import\(/g);
  if (left) throw new Error(`the bundle has ${left.length} import() call(s) of no string literal`);
  return withLastLine(
    routed,
    'function __shortyImport(s){return typeof __shortyHost==="function"?__shortyHost(s):import(s)}',
  );
}

/**
 * The bundle's build mark: bin/shorty.js takes a V8 code cache only if it was made for this very
 * text, as V8 itself compares only the length.
 */
function withBuildMark(text) {
  return withLastLine(text, `// shorty-build ${createHash('sha256').update(text).digest('hex').slice(0, 16)}`);
}

/** `line` added before the source map comment, so that the mapped lines stay where they are. */
function withLastLine(text, line) {
  const at = text.lastIndexOf('//# sourceMappingURL=');
  if (at === -1) throw new Error('the bundle has no source map comment');
  return `${text.slice(0, at)}${line}\n${text.slice(at)}`;
}
