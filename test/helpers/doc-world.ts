// What the documented examples run against: a sandbox holding the records the pages name (link 42
// `spring`, campaign Spring, channel Launch, pixel Main, QR code 7 `Menu`, domain go.example.com),
// a second account for `--profile other`, and a folder with the files the pages read (links.csv,
// a journal, a spreadsheet). Every block starts from the same state, in a folder of its own.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli.js';
import { createTestIO } from '../../src/io.js';
import type { SandboxState } from '../../src/sandbox/records.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { tempDir } from './cli.js';

/** The key ends as the pages show a masked key: `sk_…9f2c`. */
const KEY = 'sk_docs0example0key00000000009f2c';
/** The URL the pages use for the service; a run uses the sandbox's instead, and prints it back so. */
export const PAGE_URL = 'https://sho.rt';

export interface Run {
  exitCode: number;
  stdout: Buffer;
  stderr: string;
}

export interface Block {
  dir: string;
  env: Record<string, string>;
  /** the sandbox's URL, for which the pages write https://sho.rt */
  url: string;
  close(): Promise<void>;
}

export interface World {
  /**
   * A fresh folder for a block of `page` (the files, and a home whose config logs in to the
   * sandbox), with the sandbox put back to the world's state: one block at a time.
   */
  freshBlock(page: string): Promise<Block>;
  /** The same with sandboxes of its own: for blocks that run beside others (in a shell). */
  ownBlock(page: string): Promise<Block>;
  close(): Promise<void>;
}

/** `shorty ...args` in this process, in the current folder, with exactly `env`. */
export async function runShorty(
  args: string[],
  env: Record<string, string>,
  stdin?: Buffer,
  terminal = false,
): Promise<Run> {
  const { PassThrough } = await import('node:stream');
  const io = await createTestIO(terminal ? { tty: true, columns: 100 } : {});
  const input = new PassThrough();
  input.end(stdin);
  io.stdin = input;
  const exitCode = await main(args, {
    io,
    env,
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    signal: new AbortController().signal,
  });
  await new Promise<void>((resolve) => io.flush(() => setImmediate(resolve)));
  const run = { exitCode, stdout: io.outBytes(), stderr: io.err() };
  // `config get api-key --reveal` prints the key into a pipe: that is what it is for.
  if (!args.includes('--reveal') && (run.stdout.includes(KEY) || run.stderr.includes(KEY)))
    throw new Error(`the API key appeared in the output of: shorty ${args.join(' ')}`);
  return run;
}

const FILES: Record<string, string> = {
  'links.csv': 'url,custom,title\nhttps://example.com/autumn,autumn,Autumn\nhttps://example.com/brand-new,brandnew,\n',
  'excel.csv': 'Ziel;Titel\r\nhttps://example.com/caf\xe9;Caf\xe9\r\n',
  'urls.txt': 'https://example.com/from-a-list,first in the list\nhttps://example.com/another,second\n',
  'part-1.csv': 'url\nhttps://example.com/part-1\n',
};

/** What a page's blocks take from what the page said before them. */
const PAGE_FILES: Record<string, Record<string, string>> = {
  // a file that differs from the account: a new link, a changed title, an invalid row
  'docs/sync.md': {
    'links.csv':
      'url,custom,title\nhttps://example.com/spring,spring,\nhttps://example.com/summer,summer,New\n' +
      'https://example.com/autumn,autumn,\nhttps://example.com/ab,ab,\n',
  },
};
const PAGE_ENV = (url: string): Record<string, Record<string, string>> => ({
  // after `export $(cat sandbox.env)`
  'docs/sandbox.md': { SHORTY_BASE_URL: url, SHORTY_API_KEY: KEY },
  'docs/usage.md': { SHORTY_API_KEY: KEY },
});

async function buildWorld(sandbox: Sandbox, files: string, env: Record<string, string>): Promise<SandboxState> {
  const state = sandbox.store.state;
  state.nextId.links = 40;
  state.nextId.qrs = 7;
  state.account.email = 'me@example.com';
  const prev = process.cwd();
  process.chdir(files);
  try {
    for (const args of [
      ['campaigns', 'add', 'Spring'],
      ['channels', 'add', 'Launch'],
      ['pixels', 'add', 'Main', '--type', 'gtmpixel', '--tag', 'GTM-ABC123'],
      ['qr', 'add', 'Menu', '--type', 'link', '--data', 'https://example.com/menu'],
      ['domains', 'add', 'go.example.com'],
      ['urls', 'add', 'https://example.com/winter', '--custom', 'winter'],
      ['urls', 'add', 'https://example.com/summer', '--custom', 'summer', '--meta-title', 'Old'],
      ['urls', 'add', 'https://example.com/spring', '--custom', 'spring'],
      // the journal of an earlier import, for `urls import --undo links.journal`
      ['urls', 'import', 'earlier.csv', '--journal', 'links.journal'],
    ]) {
      const res = await runShorty(args, env);
      if (res.exitCode !== 0) throw new Error(`the docs' world: shorty ${args.join(' ')}: ${res.stderr}`);
    }
  } finally {
    process.chdir(prev);
  }
  return structuredClone(sandbox.store.state);
}

/**
 * One temp folder for every block: the built CLI keeps its code cache there (on a Node without a
 * compile cache folder), so the shells' `shorty` starts warm after its first run.
 */
let sharedTmp: string | undefined;

function envOf(dir: string): Record<string, string> {
  const home = join(dir, 'home');
  sharedTmp ??= tempDir('shorty-docs-tmp-');
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    TMPDIR: sharedTmp,
    NODE_COMPILE_CACHE: join(sharedTmp, 'node-compile-cache'),
    NO_COLOR: '1',
    LANG: 'C.UTF-8',
    // the variables the pages take from the reader's shell
    URL: 'https://example.com/from-a-script',
    KEY,
    SHORTY_KEY: KEY,
    SECRET_FROM_CI: KEY,
  };
}

/** A home in `dir` whose config logs in to `sandbox` (`other` for --profile other). */
function prepare(dir: string, sandbox: Sandbox, other: Sandbox): Record<string, string> {
  const env = envOf(dir);
  const own = { 'base-url': sandbox.url, 'api-key': sandbox.apiKey };
  const config = {
    current: 'default',
    profiles: { default: own, work: own, other: { 'base-url': other.url, 'api-key': other.apiKey } },
  };
  mkdirSync(join(env.XDG_CONFIG_HOME, 'shorty'), { recursive: true, mode: 0o700 });
  writeFileSync(join(env.XDG_CONFIG_HOME, 'shorty', 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return env;
}

// the service's own cap, as the pages' estimates show it
const startMain = () => createSandbox({ port: 0, apiKey: KEY });
const startOther = () => createSandbox({ port: 0, rateLimit: '10000/60s' });

export async function startWorld(): Promise<World> {
  const sandbox = await startMain();
  const other = await startOther();
  const files = tempDir('shorty-docs-files-');
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(files, name), Buffer.from(text, 'latin1'));
  writeFileSync(join(files, 'earlier.csv'), 'url,custom\nhttps://example.com/imported-earlier,earlier\n');
  const world = await buildWorld(sandbox, files, prepare(files, sandbox, other));
  const otherWorld = structuredClone(other.store.state);
  const block = (page: string, main: Sandbox, second: Sandbox) => {
    const dir = tempDir('shorty-docs-');
    cpSync(files, dir, { recursive: true, filter: (src) => !src.includes(`${files}/home`) });
    for (const [name, text] of Object.entries(PAGE_FILES[page] ?? {})) writeFileSync(join(dir, name), text);
    return { dir, url: main.url, env: { ...prepare(dir, main, second), ...PAGE_ENV(main.url)[page] } };
  };
  return {
    async freshBlock(page) {
      sandbox.store.state = structuredClone(world);
      other.store.state = structuredClone(otherWorld);
      for (const box of [sandbox, other]) await fetch(`${box.url}/__sandbox/reset`, { method: 'POST' });
      return { ...block(page, sandbox, other), close: async () => {} };
    },
    async ownBlock(page) {
      const [main, second] = await Promise.all([startMain(), startOther()]);
      main.store.state = structuredClone(world);
      second.store.state = structuredClone(otherWorld);
      return { ...block(page, main, second), close: () => Promise.all([main.close(), second.close()]).then(() => {}) };
    },
    async close() {
      await Promise.all([sandbox.close(), other.close()]);
    },
  };
}
