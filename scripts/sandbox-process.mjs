// `shorty sandbox` as a child process, for the scripts and benchmarks that need a server to talk
// to: started on a free port, ready once it has printed its two lines.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/shorty.js', import.meta.url));

/**
 * Starts `shorty sandbox --port 0 --rate-limit <rateLimit>`; resolves with `vars`
 * ({SHORTY_BASE_URL, SHORTY_API_KEY}, what points the CLI at it) and `close()`, which stops it
 * and waits until it has exited. stderr is inherited or ignored, or kept for the error when the
 * sandbox exits before it is ready ('pipe').
 */
export async function startSandboxProcess({ rateLimit, env, stderr = 'ignore' }) {
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--rate-limit', rateLimit], {
    env,
    stdio: ['ignore', 'pipe', stderr],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const vars = await new Promise((resolve, reject) => {
    const found = {};
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`shorty sandbox exited ${code} before it was ready${errors ? `: ${errors}` : ''}`)),
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^(SHORTY_BASE_URL|SHORTY_API_KEY)=(.*)$/.exec(line);
      if (match) found[match[1]] = match[2];
      if (found.SHORTY_BASE_URL && found.SHORTY_API_KEY) resolve({ ...found });
    });
  });
  return {
    vars,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit').catch(() => {});
    },
  };
}
