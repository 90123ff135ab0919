// A shell loop stops when Ctrl-C stops shorty: shorty cleans up, then ends by the signal itself,
// which is how a non-interactive bash learns that its child was interrupted (a child that exits
// 130 on its own is taken as a failure, and the loop goes on). Real processes: bash, and the built
// CLI in it, in a process group of their own that gets the signal as a terminal sends it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, test } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

let sandbox: StartedSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('%s to the process group of a bash loop', (signal) => {
  test('ends shorty by that signal, and the loop stops at the turn it was in', async () => {
    sandbox = await startSandbox();
    const sb = sandbox;
    // The first request is held by the server: the first turn's shorty is waiting for it.
    await sb.admin.fault('slow', { count: 1, delayMs: 5000 });
    const script = [
      'for i in 1 2 3; do',
      '  echo "turn $i"',
      `  "${process.execPath}" "${BIN}" urls get 1 -q`,
      '  echo "status $?"',
      'done',
      'echo "after the loop"',
    ].join('\n');
    const bash = spawn('bash', ['-c', script], {
      detached: true, // a process group of its own, as a terminal's foreground job is
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: tempDir(),
        SHORTY_CONFIG_DIR: tempDir(),
        SHORTY_BASE_URL: sb.baseUrl,
        SHORTY_API_KEY: sb.apiKey,
      },
    });
    let stdout = '';
    let stderr = '';
    bash.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    bash.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = once(bash, 'exit');
    // The server took the fault off when the request arrived: the request is in flight.
    await until(
      async () => ((await (await fetch(`${sb.baseUrl}/__sandbox/faults`)).json()) as { mode: unknown }).mode === null,
    );
    process.kill(-bash.pid!, signal);
    const [code, bySignal] = await exited;

    expect(stdout, stderr).toBe('turn 1\n');
    // bash saw its child end by the signal and ended the same way (no "status", no next turn).
    expect([code, bySignal]).toEqual([null, signal]);
  });
});

test('a single run stopped by Ctrl-C ends by SIGINT, not by exit(130)', async () => {
  sandbox = await startSandbox();
  const sb = sandbox;
  await sb.admin.fault('slow', { count: 1, delayMs: 5000 });
  const child = spawn(process.execPath, [BIN, 'urls', 'get', '1', '-q'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: tempDir(),
      SHORTY_CONFIG_DIR: tempDir(),
      SHORTY_BASE_URL: sb.baseUrl,
      SHORTY_API_KEY: sb.apiKey,
    },
  });
  const exited = once(child, 'exit');
  await until(
    async () => ((await (await fetch(`${sb.baseUrl}/__sandbox/faults`)).json()) as { mode: unknown }).mode === null,
  );
  child.kill('SIGINT');
  expect(await exited).toEqual([null, 'SIGINT']);
});
