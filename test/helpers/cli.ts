import { execa, type Options, type ResultPromise } from 'execa';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'shorty.js');

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** stdout as bytes (in-process runs only): for output that is not UTF-8. */
  stdoutBytes?: Buffer;
}

export interface RunOptions {
  /** Extra environment (merged over a clean one: no SHORTY_* from the developer's shell). */
  env?: Record<string, string | undefined>;
  /** Text (or bytes) fed to stdin. */
  input?: string | Uint8Array;
  /** The config folder; default: a fresh temp dir per call. */
  configDir?: string;
  cwd?: string;
  timeout?: number;
}

/**
 * How long a command may run before a test stops it as hung: far above what any command of a
 * test takes on a loaded machine, since it only catches a hang (a slow run is not a failure).
 */
export const COMMAND_HANG_LIMIT_MS = 120_000;

const tempDirs: string[] = [];

/** Removes the temp folders made so far (test/helpers/per-file.ts, after each test file). */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A temp folder removed after the test file. */
export function tempDir(prefix = 'shorty-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * A copy of the built CLI's own files (the launcher, the front and the CLI's two files), without
 * dist/vendor/, the MCP SDK or node_modules: what a run needs of no package. Returns the copy's
 * bin/shorty.js.
 */
export function bareCli(prefix: string): string {
  const dir = tempDir(prefix);
  const files = [
    'bin/shorty.js',
    'bin/package.json',
    'package.json',
    'dist/shorty.cjs',
    'dist/cli.cjs',
    'dist/commands.cjs',
  ];
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    copyFileSync(join(ROOT, file), join(dir, file));
  }
  return join(dir, 'bin', 'shorty.js');
}

/** A fresh config folder holding these profiles (and `current`, when given). */
export function configWith(profiles: Record<string, Record<string, string>>, current?: string): string {
  const dir = tempDir('shorty-config-');
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ current, profiles }), { mode: 0o600 });
  return dir;
}

/** Every secret a test used, so the suite can assert none of them is ever printed. */
export const usedSecrets = new Set<string>();

/** Network settings of the developer's shell that would send a test's requests elsewhere. */
const NETWORK_VARS = /^((https?|all|no)_proxy|NODE_EXTRA_CA_CERTS)$/i;

function cleanEnv(extra: Record<string, string | undefined>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('SHORTY_') && k !== 'NO_COLOR' && k !== 'FORCE_COLOR' && !NETWORK_VARS.test(k)) env[k] = v;
  }
  return { ...env, ...extra };
}

/**
 * Records every key a run is given, wherever it comes from: SHORTY_API_KEY, --api-key in the
 * arguments, stdin of `login --with-key`, and the profiles of the config folder (before and
 * after the run, since login and `config set api-key` store one).
 */
export function collectSecrets(args: string[], opts: RunOptions, configDir: string): void {
  const add = (key: unknown) => {
    if (typeof key === 'string' && key.trim().length >= 8) usedSecrets.add(key.trim());
  };
  add(opts.env?.SHORTY_API_KEY);
  args.forEach((arg, i) => {
    if (arg === '--api-key') add(args[i + 1]);
    else if (arg.startsWith('--api-key=')) add(arg.slice('--api-key='.length));
  });
  if (args.includes('--with-key') && typeof opts.input === 'string') add(opts.input);
  const file = join(configDir, 'config.json');
  try {
    // Only a plain file: a test may put a FIFO there, which a read would wait on forever.
    if (!statSync(file).isFile()) return;
    const config = JSON.parse(readFileSync(file, 'utf8')) as { profiles?: Record<string, Record<string, unknown>> };
    for (const profile of Object.values(config.profiles ?? {})) add(profile['api-key']);
  } catch {
    // none, or a broken one a test wrote on purpose
  }
}

/** Fails the test when any key a test used appears in the output. */
export function assertNoSecret(args: string[], result: { stdout: string; stderr: string }): void {
  // `config get --reveal` prints a secret into a pipe: that is what it is for.
  if (args.includes('--reveal')) return;
  for (const secret of usedSecrets) {
    if (secret && (result.stdout.includes(secret) || result.stderr.includes(secret))) {
      throw new Error(`the API key appeared in the output of: shorty ${args.join(' ')}`);
    }
  }
}

function execaOptions(opts: RunOptions, configDir: string): Options {
  return {
    env: cleanEnv({ SHORTY_CONFIG_DIR: configDir, ...opts.env }),
    extendEnv: false,
    input: opts.input,
    stdin: opts.input === undefined ? 'ignore' : undefined,
    cwd: opts.cwd ?? ROOT,
    reject: false,
    timeout: opts.timeout ?? COMMAND_HANG_LIMIT_MS,
    stripFinalNewline: false,
  };
}

/** The processes started by runCli and startCli that have not ended yet. */
const running = new Set<ResultPromise>();

function started(child: ResultPromise): ResultPromise {
  running.add(child);
  void child.finally(() => running.delete(child)).catch(() => {});
  return child;
}

/**
 * Ends the processes a test started and left running (it failed or timed out midway): one that
 * went on would send requests into what the next test reads (test/helpers/per-file.ts).
 */
export function stopStrayProcesses(): number {
  const stray = [...running];
  for (const child of stray) child.kill('SIGKILL');
  running.clear();
  return stray.length;
}

/**
 * The status a shell reads in `$?`: the exit code, or 128 + the number of the signal that ended
 * the process (shorty ends by SIGINT, SIGTERM or SIGHUP when one stopped it); -1 for a run this
 * harness stopped as hung.
 */
function shellStatus(res: { exitCode?: number; signal?: string; timedOut?: boolean }): number {
  if (res.exitCode !== undefined) return res.exitCode;
  const number = res.signal && !res.timedOut ? constants.signals[res.signal as NodeJS.Signals] : undefined;
  return number === undefined ? -1 : 128 + number;
}

/** Runs the built CLI as a real process; never throws on a non-zero exit. */
export async function runCli(args: string[], opts: RunOptions = {}): Promise<CliResult> {
  const configDir = opts.configDir ?? tempDir('shorty-config-');
  collectSecrets(args, opts, configDir);
  const res = await started(execa(process.execPath, [BIN, ...args], execaOptions(opts, configDir)));
  const result = { exitCode: shellStatus(res), stdout: String(res.stdout ?? ''), stderr: String(res.stderr ?? '') };
  collectSecrets(args, opts, configDir);
  assertNoSecret(args, result);
  return result;
}

/**
 * Starts the built CLI without waiting, for tests that send it signals or watch its output as it
 * comes; `result` resolves like runCli's, with the same secret check.
 */
/** Resolves once a child started by startCli has written `pattern` to stdout. */
export function stdoutShows(child: ResultPromise, pattern: RegExp): Promise<void> {
  let stdout = '';
  return new Promise((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (pattern.test(stdout)) resolve();
    });
  });
}

export function startCli(args: string[], opts: RunOptions = {}): { child: ResultPromise; result: Promise<CliResult> } {
  const configDir = opts.configDir ?? tempDir('shorty-config-');
  collectSecrets(args, opts, configDir);
  const child = started(execa(process.execPath, [BIN, ...args], execaOptions(opts, configDir)));
  const result = child.then((res) => {
    const out = { exitCode: shellStatus(res), stdout: String(res.stdout ?? ''), stderr: String(res.stderr ?? '') };
    collectSecrets(args, opts, configDir);
    assertNoSecret(args, out);
    return out;
  });
  return { child, result };
}
