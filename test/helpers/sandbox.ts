// Starts the sandbox for tests. In-process by default (fast, no build needed); as a separate
// `shorty sandbox` process for end-to-end tests of the built CLI.
// The admin calls go over HTTP, so both flavours offer the same `admin` object.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FaultMode, FaultSetting } from '../../src/sandbox/faults.js';
import type { RequestLogEntry, SandboxStats } from '../../src/sandbox/request-log.js';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/server.js';

export type { RequestLogEntry as RequestLog, SandboxStats };

export interface SandboxAdmin {
  /** every /api request received since start or the last reset */
  requests(): Promise<RequestLogEntry[]>;
  stats(): Promise<SandboxStats>;
  /** clears the request log, counters and rate-limit windows; `{data: true}` also reseeds the data */
  reset(opts?: { data?: boolean }): Promise<void>;
  /**
   * makes the next `count` /api requests (all when absent), or a seeded `rate` fraction of them,
   * fail in `mode` (one of the modes, picked per request, when several); null clears
   */
  fault(
    mode: FaultMode | FaultMode[] | null,
    opts?: { count?: number; delayMs?: number; rate?: number; seed?: number },
  ): Promise<FaultSetting>;
}

export interface StartedSandbox {
  baseUrl: string;
  apiKey: string;
  admin: SandboxAdmin;
  /** `fetch` of `{baseUrl}/api{path}` with the Bearer key and JSON body */
  api(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; headers: Headers; json: any; text: string }>;
  close(): Promise<void>;
}

/** A kept-alive socket the server closed as it was reused: what a busy event loop makes happen. */
const isStaleSocket = (error: unknown): boolean =>
  error instanceof TypeError && (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET';

async function adminCall<T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const send = () =>
    fetch(`${baseUrl}/__sandbox/${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // Every admin call may be sent twice (reads, a reset, a fault setting): the second goes on a new socket.
  const res = await send().catch((error: unknown) => (isStaleSocket(error) ? send() : Promise.reject(error)));
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`sandbox admin ${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function wrap(baseUrl: string, apiKey: string, close: () => Promise<void>): StartedSandbox {
  return {
    baseUrl,
    apiKey,
    close,
    admin: {
      requests: () => adminCall(baseUrl, 'GET', 'requests'),
      stats: () => adminCall(baseUrl, 'GET', 'stats'),
      reset: async (opts) => {
        await adminCall(baseUrl, 'POST', opts?.data ? 'reset?data=1' : 'reset');
      },
      fault: (mode, opts) =>
        adminCall(baseUrl, 'POST', 'faults', Array.isArray(mode) ? { modes: mode, ...opts } : { mode, ...opts }),
    },
    async api(method, path, body) {
      const res = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, json, text };
    },
  };
}

/** In-process sandbox on a free port; a generous rate limit unless `rateLimit` says otherwise. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<StartedSandbox> {
  const sandbox = await createSandbox({ rateLimit: '10000/60s', ...opts, port: opts.port ?? 0 });
  return wrap(sandbox.url, sandbox.apiKey, () => sandbox.close());
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `shorty sandbox --port 0 ...args` as a child process (the built CLI, bin/shorty.js, unless
 * `command` is given); resolves once the two lines SHORTY_BASE_URL/SHORTY_API_KEY are printed.
 * close() sends SIGTERM and waits for the exit.
 */
export async function startSandboxProcess(
  args: string[] = [],
  command: string[] = [process.execPath, join(ROOT, 'bin', 'shorty.js'), 'sandbox'],
): Promise<StartedSandbox & { child: ChildProcess; exitCode(): Promise<number | null> }> {
  const child = spawn(command[0], [...command.slice(1), '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const vars = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start in 15s; stderr: ${stderr}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = Object.fromEntries([...stdout.matchAll(/^(SHORTY_\w+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
      if (found.SHORTY_BASE_URL && found.SHORTY_API_KEY) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code} before starting; stderr: ${stderr}`));
    });
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { ...wrap(vars.SHORTY_BASE_URL, vars.SHORTY_API_KEY, close), child, exitCode: () => exited };
}
