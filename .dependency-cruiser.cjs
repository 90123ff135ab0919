// The layers of src/ (CONTRIBUTING.md, "Layers"), checked by `npm run lint:deps`
// (dependency-cruiser reads the TypeScript sources through tsconfig.json). Type-only imports
// count: a layer may not lean on another even for a type.
//
//   util/                      leaf utilities: import nothing of the project
//   errors, io, version        the base every layer may use
//   file-errors                failed file calls as errors (on errors alone), for every layer
//   settings/                  flags > env > profile; every rule about base URLs and keys
//   api/                       the client: transport, limiter, modern and legacy calls (on settings/)
//   cache/                     the name cache fed by the client's answers, read by completion (on api/)
//   output/, input/            the printer; the validators and link-body mapping
//   context.ts                 the interfaces commands see
//   help/, completion/         help pages and completion scripts, read from the command tree
//   parser-errors              commander's errors in shorty's words (from the tree, not commands)
//   bulk/                      the bulk engine and its features (import, export, sync, undo)
//   ops/                       the operations both doors call: typed input in, data out (records,
//                              per-item outcomes, warnings, a plan); never prints, prompts or exits
//   commands/                  the CLI's door: parse, call an operation, print
//   mcp/                       the MCP door: check the schema, call the same operation, answer data
//   factory.ts, cli.ts, entry  wiring: only cli.ts builds the real context
//   sandbox/                   the local API: shares api/types.ts and nothing else with the client
const BASE = '^src/(util/|errors|file-errors|io|version)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Layers without a circle: a module never depends, even through others, on itself.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'util-is-a-leaf',
      severity: 'error',
      comment: 'Leaf utilities (sleep, file lock, hashing) import nothing of the project.',
      from: { path: '^src/util/' },
      to: { path: '^src/', pathNot: '^src/util/' },
    },
    {
      name: 'base-imports-only-util',
      severity: 'error',
      comment: 'errors, io and version are what every layer stands on: they stand on util/ alone.',
      from: { path: '^src/(errors|io|version)\\.[jt]s$' },
      to: { path: '^src/', pathNot: '^src/util/' },
    },
    {
      name: 'file-errors-on-errors',
      severity: 'error',
      comment: 'The messages of failed file calls build on errors (and util/) alone, so every layer may use them.',
      from: { path: '^src/file-errors\\.[jt]s$' },
      to: { path: '^src/', pathNot: '^src/(util/|errors\\.[jt]s$)' },
    },
    {
      name: 'settings-below-the-client',
      severity: 'error',
      comment: 'settings/ never imports api/, commands/, output/ or what wires them: api/ depends on settings/.',
      from: { path: '^src/settings/' },
      to: { path: '^src/', pathNot: `${BASE}|^src/settings/` },
    },
    {
      name: 'client-below-the-commands',
      severity: 'error',
      comment:
        'api/ never imports commands/, output/, bulk/, the context or the CLI: it gets narrow parts, not the context.',
      from: { path: '^src/api/' },
      to: { path: '^src/', pathNot: `${BASE}|^src/(api|settings)/` },
    },
    {
      name: 'name-cache-beside-the-client',
      severity: 'error',
      comment:
        "The name cache watches the client's answers: it stands on api/ and settings/, never on commands/, output/, bulk/ or the context.",
      from: { path: '^src/cache/' },
      to: { path: '^src/', pathNot: `${BASE}|^src/(cache|api|settings)/` },
    },
    {
      name: 'output-below-the-commands',
      severity: 'error',
      comment: 'The printer takes io, format, fields, -q and colour; it knows nothing of the client or the context.',
      from: { path: '^src/output/' },
      to: { path: '^src/', pathNot: `${BASE}|^src/output/|^src/settings/types\\.[jt]s$` },
    },
    {
      name: 'input-is-pure',
      severity: 'error',
      comment: 'Validators and the link-body mapping depend on the API vocabulary and settings types only.',
      from: { path: '^src/input/' },
      to: { path: '^src/', pathNot: `${BASE}|^src/input/|^src/(api|settings)/types\\.[jt]s$` },
    },
    {
      name: 'commands-not-the-transport',
      severity: 'error',
      comment:
        'Commands (and the bulk work they start) reach the server through ctx.api()/ctx.legacy(), never the HTTP transport.',
      from: { path: '^src/(commands|bulk|ops|mcp)/' },
      to: {
        path: [
          '^src/api/(http|exchange|proxy|connection|network-error|request-signal|redact|curl|unusable|rate-limit|wait-notice)\\.[jt]s$',
          '^(node:)?https?$',
        ],
      },
    },
    {
      name: 'help-and-completion-read-the-tree',
      severity: 'error',
      comment:
        'Help pages, completion scripts and parser messages read what they need from the command tree commander holds, never from a command module.',
      from: { path: '^src/(help/|completion/|parser-errors\\.[jt]s$)' },
      to: { path: '^src/(commands|bulk)/' },
    },
    {
      name: 'bulk-below-the-commands',
      severity: 'error',
      comment: 'Commands start bulk work; the bulk code never reaches back up into a command module.',
      from: { path: '^src/bulk/' },
      to: { path: '^src/commands/' },
    },
    {
      name: 'bulk-engine-not-its-features',
      severity: 'error',
      comment:
        'src/bulk/engine/ (read, check, pace, send, journal, reconcile, end) is what import, export, sync and undo drive; it never imports them.',
      from: { path: '^src/bulk/engine/' },
      to: { path: '^src/bulk/(import|export|sync|undo)/' },
    },
    {
      name: 'bulk-features-apart',
      severity: 'error',
      comment:
        'A bulk feature (import/, export/, sync/, undo/) builds on the engine alone, never on another feature: what two share belongs in the engine.',
      from: { path: '^src/bulk/(import|export|sync|undo)/' },
      to: { path: '^src/bulk/(import|export|sync|undo)/', pathNot: '^src/bulk/$1/' },
    },
    {
      name: 'mcp-beside-the-commands',
      severity: 'error',
      comment:
        'The MCP server (src/mcp/) calls the operations the commands call; only `shorty mcp` loads it, so no other command pays for the SDK.',
      from: { path: '^src/', pathNot: '^src/(mcp|commands/mcp)/' },
      to: { path: '^src/mcp/' },
    },
    {
      name: 'ops-below-the-doors',
      severity: 'error',
      comment:
        'An operation takes typed input and returns data: it never imports a door (commands/, mcp/) or the wiring, so both doors call the same one.',
      from: { path: '^src/ops/' },
      to: { path: '^src/(commands/|mcp/|cli\\.|factory\\.|entry\\.)' },
    },
    {
      name: 'mcp-not-the-commands',
      severity: 'error',
      comment:
        "The MCP tools call the operations (src/ops/), never a command's code: what both doors need belongs in ops/.",
      from: { path: '^src/mcp/' },
      to: { path: '^src/commands/' },
    },
    {
      name: 'only-the-cli-wires-the-context',
      severity: 'error',
      comment:
        'The factory that wires the real services is imported by cli.ts alone; everything else sees the interfaces.',
      from: { pathNot: '^src/cli\\.[jt]s$' },
      to: { path: '^src/factory\\.[jt]s$' },
    },
    {
      name: 'nothing-imports-the-entry',
      severity: 'error',
      comment: 'front.ts, entry.ts and cli.ts are the top, in that order: nothing below them imports them.',
      from: { path: '^src/', pathNot: '^src/(front|entry)\\.[jt]s$' },
      to: { path: '^src/(cli|entry)\\.[jt]s$' },
    },
    {
      name: 'sandbox-shares-only-types',
      severity: 'error',
      comment:
        'The sandbox shares api/types.ts (and the one atomic-write helper) and nothing else with the client, so a bug in one cannot hide a bug in the other.',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/', pathNot: '^src/sandbox/|^src/api/types\\.[jt]s$|^src/util/atomic-write\\.[jt]s$' },
    },
    {
      name: 'client-does-not-use-the-sandbox',
      severity: 'error',
      comment: 'Only `shorty sandbox` starts the local API.',
      from: { path: '^src/', pathNot: '^src/(sandbox|commands/sandbox)/' },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'no-test-or-build-tools',
      severity: 'error',
      comment:
        'The build bundles every package src/ imports (the package ships no dependency but the keyring binding), so a test or build tool imported by src/ would ship too.',
      from: { path: '^src/' },
      to: {
        dependencyTypes: ['npm-dev'],
        path: 'node_modules/(@biomejs|dependency-cruiser|esbuild|execa|fast-check|knip|proper-lockfile|typescript|vitest)/',
      },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every import names a module that exists.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Our code only: the packages are checked for being resolvable and not dev-only, not followed.
    doNotFollow: {
      path: 'node_modules',
      dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg'],
    },
    exclude: { path: '\\.d\\.ts$' },
    moduleSystems: ['es6'],
    // Read the TypeScript sources directly; type-only imports count as dependencies too.
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // Resolve packages as Node does for an ES module (several of ours export nothing else).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};
