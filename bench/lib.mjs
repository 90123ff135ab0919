// What every benchmark needs: the built CLI, a clean environment, and a `shorty sandbox` process
// to measure against (a separate process, so the server's work never shares the client's core time).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandboxProcess } from '../scripts/sandbox-process.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'shorty.js');

/** The value after `name` on the command line, if it is there. */
export function arg(name) {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** This process's environment without NODE_OPTIONS or any SHORTY_* from the shell, then `extra`. */
export function cleanEnv(extra = {}) {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  for (const key of Object.keys(env)) if (key.startsWith('SHORTY_')) delete env[key];
  return { ...env, ...extra };
}

/**
 * Starts `shorty sandbox` on a free port with the given server cap. `env` holds the two variables
 * that point the CLI at it; `close()` stops it and waits until it has exited.
 */
export async function startSandbox({ rateLimit, env = cleanEnv(), stderr = 'ignore' }) {
  const { vars, close } = await startSandboxProcess({ rateLimit, env, stderr });
  const base = vars.SHORTY_BASE_URL;
  const admin = async (method, path) => (await fetch(`${base}/__sandbox/${path}`, { method })).json();
  return {
    baseUrl: base,
    apiKey: vars.SHORTY_API_KEY,
    env: vars,
    /** {requests, rejected, links} counted by the server itself */
    stats: () => admin('GET', 'stats'),
    /** clears the request log, the counters and the rate-limit windows (not the data) */
    reset: () => admin('POST', 'reset'),
    close,
  };
}

/** Creates one link straight through the API (seeding is not what a benchmark measures). */
export async function addLink(sandbox, body) {
  const res = await fetch(`${sandbox.baseUrl}/api/url/add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await res.json().catch(() => ({ status: res.status }));
  if (answer.error !== 0) throw new Error(`seeding failed: ${JSON.stringify(answer)}`);
  return answer;
}
