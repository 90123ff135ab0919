// Bundles the CLI into one CommonJS file, dist/shorty.cjs: our code, commander, which every run
// needs, and write-file-atomic, which every request needs for the rate-limit state (inside the
// bundle it is initialised on first use all the same: `urls list` 3-5 ms sooner on Node 24, side by
// side). The other dependencies stay external and
// are loaded with import() by the code that uses them, so `shorty --help` never loads the HTTP
// client, inquirer or the CSV stack.
// The MCP SDK and zod go to a file of their own, dist/mcp-sdk.cjs, from src/mcp/sdk.ts: bundled,
// they load in half the CPU time of their ~240 files, and only `shorty mcp` requires that file
// (from inside the lazily run part of the main bundle), so no other command reads it. The answer
// to tools/list it serves, src/mcp/tool-list.json (`npm run mcp-tools`), is dist/mcp-tools.json,
// read the same way.
import { build } from 'esbuild';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const MCP_SDK = ['@modelcontextprotocol/sdk', 'zod'];
const BUNDLED = ['commander', 'write-file-atomic', ...MCP_SDK];
const MCP_CHUNK = './mcp-sdk.cjs';
const MCP_TOOLS = './mcp-tools.json';

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
for (const { path, text } of [...sdk.outputFiles, ...outputFiles]) await writeFile(path, text);
await copyFile('src/mcp/tool-list.json', 'dist/mcp-tools.json');
