// What every benchmark needs: the built CLI, a clean environment, and a `shorty sandbox` process
// to measure against (a separate process, so the server's work never shares the client's core time).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
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

/**
 * What a benchmark prints, also kept in bench/results/<name>.md with the command and the machine
 * it ran on: the figures docs/design/performance.md points at are the last run's, never retyped.
 * `log` prints a line and keeps it; `save` writes the file (a run that failed saves nothing).
 */
export function recordResults(name, dir = join(ROOT, 'bench', 'results')) {
  const lines = [];
  return {
    log(...parts) {
      const line = parts.join(' ');
      console.log(line);
      lines.push(line);
    },
    save() {
      const file = join(dir, `${name}.md`);
      // A path of the machine it ran on (a Node binary, another build) means nothing elsewhere.
      const shown = (arg) => (isAbsolute(arg) ? `<${basename(arg)}>` : arg);
      const command = ['node', `bench/${name}.mjs`, ...process.argv.slice(2).map(shown)].join(' ');
      const [load1] = loadavg();
      const text = [
        `# ${name}`,
        '',
        `Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version},`,
        `${cpus().length} CPUs, load average ${load1.toFixed(1)} at the end. Run it again to update this file.`,
        '',
        '```text',
        ...lines,
        '```',
        '',
      ].join('\n');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      console.error(`figures written to ${relative(ROOT, file)}`);
    },
  };
}

/** Rows of objects as aligned text columns (what console.table shows, without its box). */
export function textTable(rows) {
  if (rows.length === 0) return '(no rows)';
  const keys = Object.keys(rows[0]);
  const cells = [keys, ...rows.map((row) => keys.map((key) => String(row[key] ?? '')))];
  const widths = keys.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  return cells
    .map((line) =>
      line
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** A redis-server of its own on a free loopback port, for the fleet benches. */
export async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  while (!/Ready to accept connections/.test(out)) {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { url: `redis://127.0.0.1:${port}/0`, close: () => child.kill('SIGKILL') };
}
