import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareCli, ROOT, tempDir } from '../helpers/cli.js';
import { startSandbox } from '../helpers/sandbox.js';

/**
 * Start-up is paid on every call of a CLI run in a loop, so the commands that need no dependency
 * must load none. The proof: a copy of the built CLI with no node_modules at all still runs them
 * (a static or eager import of the HTTP client, chalk, cli-table3, conf, inquirer or csv-* would fail).
 */
describe('start-up loads no external dependency for local commands', () => {
  let bin = '';

  beforeAll(() => {
    bin = bareCli('shorty-bare-');
  });

  async function bare(args: string[]) {
    const res = await execa(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, SHORTY_CONFIG_DIR: tempDir() },
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      stripFinalNewline: false,
    });
    expect(res.stderr).toBe('');
    expect(res.exitCode).toBe(0);
    return res.stdout;
  }

  it.each([
    [['--version']],
    [['--help']],
    [['urls', '--help']],
    [['urls', 'add', '--help']],
    [['completion', 'bash']],
    [['mcp', '--help']],
  ])('shorty %j', async (args) => {
    expect(await bare(args)).not.toBe('');
  });

  it('prints the version from package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await bare(['--version'])).toBe(`${version}\n`);
  });
});

/**
 * Runs the built CLI with a preload that writes, at exit, the entries of `list` (an expression
 * over `process.moduleLoadList` or `require.cache`) that `filter` (a regular expression) matches.
 */
async function loadedBy(args: string[], env: Record<string, string>, list: string, filter: string) {
  const dir = tempDir('shorty-loaded-');
  const report = join(dir, 'loaded.json');
  const preload = join(dir, 'report-loaded.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)},
      JSON.stringify(${list}.filter((m) => ${filter}.test(m)))));\n`,
  );
  const configDir = join(dir, 'config');
  const res = await execa(process.execPath, ['--require', preload, join(ROOT, 'bin', 'shorty.js'), ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SHORTY_CONFIG_DIR: configDir, ...env },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
  expect(res.exitCode, res.stderr).toBe(0);
  return { loaded: JSON.parse(readFileSync(report, 'utf8')) as string[], configDir };
}

/**
 * Node's HTTP client (http, https, tls) costs a command that sends nothing a few milliseconds:
 * only a command that talks to the server may load it. (It once came in through settings/
 * importing the client for its base-URL rules.)
 */
describe('commands that send no request do not load the HTTP client', () => {
  it.each([[['--help']], [['--version']], [['urls', 'list', '--help']], [['config', 'list']]])(
    'shorty %j',
    async (args) => {
      const { loaded } = await loadedBy(
        args,
        {},
        'process.moduleLoadList',
        String.raw`/^NativeModule (https?|_http_\w+|tls)$/`,
      );
      expect(loaded).toEqual([]);
    },
  );
});

/**
 * The CLI is two files: dist/commands.cjs holds the commands that serve or run long (the sandbox,
 * the MCP server, completion, and the bulk verbs), and a run of any other command never reads it.
 */
describe('only the commands that serve or run long read dist/commands.cjs', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox();
    await sandbox.api('POST', '/url/add', { url: 'https://example.com/files' });
  });
  afterAll(() => sandbox.close());
  const cliFiles = (args: string[]) =>
    loadedBy(
      args,
      { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey },
      'Object.keys(require.cache)',
      String.raw`/[\/]dist[\/](cli|commands)\.cjs$/`,
    ).then(({ loaded }) => loaded.map((file) => file.replace(/^.*[/]/, '')).sort());

  it.each([[['urls', 'list']], [['urls', 'get', '1']], [['domains', 'list']], [['config', 'list']]])(
    'shorty %j reads the core alone',
    async (args) => {
      expect(await cliFiles(args)).toEqual(['cli.cjs']);
    },
  );

  it.each([[['sandbox', '--help']], [['urls', 'import', '--help']], [['completion', 'bash']]])(
    'shorty %j reads both',
    async (args) => {
      expect(await cliFiles(args)).toEqual(['cli.cjs', 'commands.cjs']);
    },
  );
});

/**
 * commander requires node:child_process as it loads (for subcommands that are executables, which
 * shorty has none of), and that brings net, dgram and more: the build makes it lazy, so that no
 * command that runs nothing else pays for it.
 */
/**
 * Each top-level command's modules are initialised when the command is built (the build turns
 * src/commands/index.ts's imports into requires at registration): the root help, which builds
 * only placeholders of the groups, must not initialise what `cache clear` or a bulk import needs
 * (crypto for the name cache's ids, worker_threads through write-file-atomic).
 */
describe('the root help initialises no command it only lists', () => {
  it.each([[['--help']], [['--version']]])('shorty %j', async (args) => {
    const { loaded } = await loadedBy(
      args,
      {},
      'process.moduleLoadList',
      String.raw`/^NativeModule (crypto|worker_threads)$/`,
    );
    expect(loaded).toEqual([]);
  });
});

describe('commands that start no process do not load child_process', () => {
  it.each([[['--help']], [['--version']], [['urls', 'list', '--help']]])('shorty %j', async (args) => {
    const { loaded } = await loadedBy(
      args,
      {},
      'process.moduleLoadList',
      String.raw`/^NativeModule (child_process|dgram)$/`,
    );
    expect(loaded).toEqual([]);
  });
});

/**
 * node:crypto costs ~5 ms of a start. A list read again finds its names in the cache folder the
 * profile's last run wrote, and then neither looks the scope up (an HMAC) nor writes anything;
 * the first run, which makes the scope, loads it.
 */
describe('a list read again loads no node:crypto', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox();
    await sandbox.api('POST', '/url/add', { url: 'https://example.com/crypto-free' });
  });
  afterAll(() => sandbox?.close());

  it('shorty urls list, twice', async () => {
    const env = {
      SHORTY_BASE_URL: sandbox.baseUrl,
      SHORTY_API_KEY: sandbox.apiKey,
      SHORTY_CONFIG_DIR: join(tempDir(), 'config'),
    };
    const crypto = String.raw`/^NativeModule crypto$/`;
    expect((await loadedBy(['urls', 'list'], env, 'process.moduleLoadList', crypto)).loaded).toEqual([
      'NativeModule crypto',
    ]);
    expect((await loadedBy(['urls', 'list'], env, 'process.moduleLoadList', crypto)).loaded).toEqual([]);
  });
});
