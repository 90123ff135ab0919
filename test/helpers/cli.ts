import { execa, type Options } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'shorty.js');

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
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

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp folder removed after the test file. */
export function tempDir(prefix = 'shorty-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Every secret a test used, so the suite can assert none of them is ever printed. */
export const usedSecrets = new Set<string>();

function cleanEnv(extra: Record<string, string | undefined>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('SHORTY_') && k !== 'NO_COLOR' && k !== 'FORCE_COLOR') env[k] = v;
  }
  return { ...env, ...extra };
}

/** Runs the built CLI as a real process; never throws on a non-zero exit. */
export async function runCli(args: string[], opts: RunOptions = {}): Promise<CliResult> {
  const configDir = opts.configDir ?? tempDir('shorty-config-');
  if (opts.env?.SHORTY_API_KEY) usedSecrets.add(opts.env.SHORTY_API_KEY);
  const execaOpts: Options = {
    env: cleanEnv({ SHORTY_CONFIG_DIR: configDir, ...opts.env }),
    extendEnv: false,
    input: opts.input,
    stdin: opts.input === undefined ? 'ignore' : undefined,
    cwd: opts.cwd ?? ROOT,
    reject: false,
    timeout: opts.timeout ?? 20_000,
    stripFinalNewline: false,
  };
  const res = await execa(process.execPath, [BIN, ...args], execaOpts);
  const result = { exitCode: res.exitCode ?? -1, stdout: String(res.stdout ?? ''), stderr: String(res.stderr ?? '') };
  for (const secret of usedSecrets) {
    if (secret && (result.stdout.includes(secret) || result.stderr.includes(secret))) {
      throw new Error(`the API key appeared in the output of: shorty ${args.join(' ')}`);
    }
  }
  return result;
}
