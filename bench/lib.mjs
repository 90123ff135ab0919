// What every benchmark needs: the built CLI, a clean environment, and a `shorty sandbox` process
// to measure against (a separate process, so the server's work never shares the client's core time).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

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

/** Resolves with {SHORTY_BASE_URL, SHORTY_API_KEY} once the sandbox has printed both lines. */
function readAddress(child) {
  const found = {};
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^(SHORTY_BASE_URL|SHORTY_API_KEY)=(.*)$/.exec(line);
      if (match) found[match[1]] = match[2];
      if (found.SHORTY_BASE_URL && found.SHORTY_API_KEY) resolve({ ...found });
    });
  });
}

/**
 * Starts `shorty sandbox` on a free port with the given server cap. `env` holds the two variables
 * that point the CLI at it; `close()` stops it and waits until it has exited.
 */
export async function startSandbox({ rateLimit, env = cleanEnv(), stderr = 'ignore' }) {
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--rate-limit', rateLimit], {
    env, stdio: ['ignore', 'pipe', stderr],
  });
  const address = await readAddress(child);
  const base = address.SHORTY_BASE_URL;
  const admin = async (method, path) => (await fetch(`${base}/__sandbox/${path}`, { method })).json();
  return {
    baseUrl: base,
    apiKey: address.SHORTY_API_KEY,
    env: address,
    /** {requests, rejected, links} counted by the server itself */
    stats: () => admin('GET', 'stats'),
    /** clears the request log, the counters and the rate-limit windows (not the data) */
    reset: () => admin('POST', 'reset'),
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit').catch(() => {});
    },
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
