// The built CLI pointed at an in-process sandbox: what most e2e tests of resource commands need.
import { afterAll, beforeAll } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { runCli, type CliResult, type RunOptions } from './cli.js';
import { startSandbox, type RequestLog, type StartedSandbox } from './sandbox.js';

export interface SandboxCli {
  sandbox: StartedSandbox;
  /** SHORTY_BASE_URL, SHORTY_API_KEY and a client cap far above what a test sends. */
  env: Record<string, string>;
  run(args: string[], opts?: RunOptions): Promise<CliResult>;
  /** Clears the request log, runs the command, and returns what the sandbox received. */
  runLogged(args: string[], opts?: RunOptions): Promise<CliResult & { requests: RequestLog[] }>;
}

/** Starts one sandbox for the test file (closed after it); call at the top level of a file. */
export function useSandboxCli(opts: SandboxOptions = {}): SandboxCli {
  const cli = {} as SandboxCli;
  beforeAll(async () => {
    const sandbox = await startSandbox(opts);
    const env = { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey, SHORTY_RATE_LIMIT: '1000/60s' };
    const run = (args: string[], o: RunOptions = {}) => runCli(args, { ...o, env: { ...env, ...o.env } });
    Object.assign(cli, {
      sandbox,
      env,
      run,
      async runLogged(args: string[], o?: RunOptions) {
        await sandbox.admin.reset();
        const result = await run(args, o);
        return { ...result, requests: await sandbox.admin.requests() };
      },
    });
  });
  afterAll(async () => {
    await cli.sandbox?.close();
  });
  return cli;
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
