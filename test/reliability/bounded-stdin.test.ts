// stdin read whole is read up to a bound, and no longer than the run: a key or a password is a few
// KiB at most, `urls import -` copies at most its cap to disk, and SIGTERM ends a read that waits.
// The runs with /dev/zero or a silent pipe as stdin spawn the built CLI: the process is the subject.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { spoolStdin } from '../../src/bulk/engine/read/source.js';
import { BIN, tempDir } from '../helpers/cli.js';
import { until } from '../helpers/until.js';
import { verbContext } from '../helpers/verb-context.js';

function childEnv(): NodeJS.ProcessEnv {
  const home = tempDir('shorty-home-');
  return { PATH: process.env.PATH, HOME: home, TMPDIR: home, SHORTY_CONFIG_DIR: join(home, 'config') };
}

/** Runs the built CLI with stdin from `stdin` (a file descriptor, or a pipe the test keeps). */
function start(args: string[], stdin: number | 'pipe') {
  const child = spawn(process.execPath, [BIN, ...args], { env: childEnv(), stdio: [stdin, 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const ended = once(child, 'exit').then(([code, signal]) => ({ code, signal, stderr }));
  return { child, ended };
}

/** Whether process `pid` has a handler for SIGTERM (Linux: SigCgt in /proc/PID/status). */
function catchesSigterm(pid: number): boolean {
  try {
    const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
    return (BigInt(`0x${mask}`) & (1n << 14n)) !== 0n;
  } catch {
    return false;
  }
}

describe('a key or a password on stdin', () => {
  test.each([
    [['login', '--with-key', '--base-url', 'http://127.0.0.1:9'], 'API key'],
    [['account', 'update', '--password-stdin', '--base-url', 'http://127.0.0.1:9', '--api-key', 'sk_x'], 'password'],
  ])('%j from /dev/zero is refused once past 4 KiB, exit 2', async (args, what) => {
    const zero = openSync('/dev/zero', 'r');
    const { ended } = start(args, zero);
    closeSync(zero);
    const { code, stderr } = await ended;
    expect(stderr).toBe(
      `shorty: the ${what} on stdin is longer than 4 KiB: stdin holds something else\n${stderr.split('\n')[1]}\n`,
    );
    expect(code).toBe(2);
  });

  test('SIGTERM ends a read of stdin that waits for input', async () => {
    const { child, ended } = start(['login', '--with-key', '--base-url', 'http://127.0.0.1:9'], 'pipe');
    await until(() => catchesSigterm(child.pid!));
    child.kill('SIGTERM');
    const { code, signal } = await ended;
    expect(signal === 'SIGTERM' || code === 143).toBe(true);
    child.stdin!.destroy();
  });
});

describe('urls import - through a pipe', () => {
  test('the copy to disk stops at its cap: exit 2, the partial copy removed', async () => {
    const tmp = tempDir('shorty-spool-');
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    const endless = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 'a'));
      },
    });
    const { ctx, io } = await verbContext({});
    io.stdin = endless;
    try {
      await expect(spoolStdin(ctx, 1024 * 1024)).rejects.toMatchObject({
        exitCode: 2,
        message: 'stdin is larger than 1 MiB: too large for an import through a pipe',
      });
    } finally {
      process.env.TMPDIR = previous;
      await ctx.close();
    }
    expect(readdirSync(tmp).filter((name) => name.startsWith('shorty-import-'))).toEqual([]);
  });
});
