// The built CLI pointed at an in-process sandbox: what most e2e tests of resource commands need.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { runCli, type CliResult, type RunOptions } from './cli.js';
import { runInProcess } from './in-process.js';
import { startSandbox, type RequestLog, type StartedSandbox } from './sandbox.js';

export interface SandboxCli {
  sandbox: StartedSandbox;
  /** SHORTY_BASE_URL, SHORTY_API_KEY and SHORTY_RATE_LIMIT (by default far above what a test sends). */
  env: Record<string, string>;
  run(args: string[], opts?: RunOptions): Promise<CliResult>;
  /** Clears the request log, runs the command, and returns what the sandbox received. */
  runLogged(args: string[], opts?: RunOptions): Promise<CliResult & { requests: RequestLog[] }>;
}

export interface SandboxCliOptions extends SandboxOptions {
  /** Reseeds the sandbox's data (and clears its log) before each test, so tests cannot see each other's links. */
  resetData?: boolean;
  /** SHORTY_RATE_LIMIT of every run; default: far above what a test sends. */
  clientRateLimit?: string;
  /** Runs main() in the test process (runInProcess) instead of the built CLI (runCli). */
  inProcess?: boolean;
}

/**
 * Starts one sandbox for the test file (closed after it); call at the top level of a file.
 * Every member may be destructured right away: `sandbox` forwards to the sandbox once the file's
 * tests start, and `env` is filled in place.
 */
export function useSandboxCli({
  resetData = false,
  clientRateLimit = '1000/60s',
  inProcess = false,
  ...opts
}: SandboxCliOptions = {}): SandboxCli {
  let started: StartedSandbox | undefined;
  const current = (): StartedSandbox => {
    if (!started) throw new Error('the sandbox starts in beforeAll: use it inside a hook or a test');
    return started;
  };
  const sandbox = new Proxy({} as StartedSandbox, { get: (_, key) => Reflect.get(current(), key) });
  const env: Record<string, string> = {};
  const runner = inProcess ? runInProcess : runCli;
  const run = (args: string[], o: RunOptions = {}) => runner(args, { ...o, env: { ...env, ...o.env } });
  beforeAll(async () => {
    started = await startSandbox(opts);
    Object.assign(env, {
      SHORTY_BASE_URL: started.baseUrl,
      SHORTY_API_KEY: started.apiKey,
      SHORTY_RATE_LIMIT: clientRateLimit,
    });
  });
  afterAll(async () => {
    await started?.close();
  });
  if (resetData) {
    beforeEach(async () => {
      await sandbox.admin.reset({ data: true });
    });
  }
  return {
    sandbox,
    env,
    run,
    async runLogged(args, o) {
      await sandbox.admin.reset();
      const result = await run(args, o);
      return { ...result, requests: await sandbox.admin.requests() };
    },
  };
}

/** Parses stdout as JSON, failing with the whole output when it is not. */
export function json<T = any>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.exitCode}):\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}

/** `[ "METHOD /path", ... ]` of logged requests, for compact assertions. */
export function calls(requests: RequestLog[]): string[] {
  return requests.map((r) => `${r.method} ${r.path}`);
}
