import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';
import type { StartedSandbox } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { signalPending, until } from '../helpers/until.js';

/** Adds `count` links to the sandbox, eight requests at a time. */
async function addLinks(sandbox: StartedSandbox, count: number, url: (i: number) => string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const res = await sandbox.api('POST', '/url/add', { url: url(next++) });
      expect(res.json.error).toBe(0);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

// What reaches a pipe or a file must be all of it, and a reader leaving early is fine.
describe('stdout as a pipe or a file', () => {
  const { sandbox, env, run } = useSandboxCli({ rateLimit: '100000/60s' });
  const LINKS = 300; // a JSON list of them is well over a pipe's 64 KiB buffer

  beforeAll(async () => {
    await addLinks(sandbox, LINKS, (i) => `https://example.com/stdout/${i}?padding=${'x'.repeat(80)}`);
  });

  function childEnv(): NodeJS.ProcessEnv {
    return { PATH: process.env.PATH, HOME: process.env.HOME, ...env, SHORTY_CONFIG_DIR: tempDir() };
  }

  // Processes: a pipe and a file as the real stdout of the built CLI; the two runs go at once.
  it('a file gets exactly what a pipe gets', async () => {
    const pipedRun = run(['urls', 'list', '--all', '-o', 'json']);
    const file = join(tempDir(), 'out.json');
    const fd = openSync(file, 'w');
    const child = spawn(process.execPath, [BIN, 'urls', 'list', '--all', '-o', 'json'], {
      env: childEnv(),
      stdio: ['ignore', fd, 'pipe'],
    });
    closeSync(fd);
    const [[code], piped] = await Promise.all([once(child, 'exit'), pipedRun]);
    expect(piped.exitCode).toBe(0);
    expect(piped.stdout.length).toBeGreaterThan(64 * 1024);
    expect(code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(piped.stdout);
    expect((JSON.parse(readFileSync(file, 'utf8')) as unknown[]).length).toBeGreaterThanOrEqual(LINKS);
  });

  // A process: /dev/null as its real stdout.
  it('> /dev/null: the run succeeds and says nothing', async () => {
    const devNull = openSync('/dev/null', 'w');
    const child = spawn(process.execPath, [BIN, 'urls', 'list', '--all', '-o', 'json'], {
      env: childEnv(),
      stdio: ['ignore', devNull, 'pipe'],
    });
    closeSync(devNull);
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const [code] = await once(child, 'exit');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  // A process: a reader closing its stdout pipe is met by the process.
  it('a reader that stops early (| head) ends the run quietly with exit 0', async () => {
    const child = spawn(process.execPath, [BIN, 'urls', 'list', '--all', '-o', 'json'], {
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const [first] = (await once(child.stdout, 'data')) as [Buffer];
    expect(first.toString()).toMatch(/^\[/);
    child.stdout.destroy(); // the reader goes away with most of the list unread
    const [code] = await once(child, 'exit');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

// A descriptor someone made non-blocking refuses writes once the pipe is full (EAGAIN): the rest
// must still arrive, in order, with nothing lost. Python makes such a pipe, and shrinks it.
describe('stdout as a non-blocking pipe', () => {
  // The expected bytes come from an in-process run; the built CLI runs on the non-blocking pipe.
  const { sandbox, env, run } = useSandboxCli({ rateLimit: '100000/60s', inProcess: true });

  beforeAll(async () => {
    await addLinks(sandbox, 300, (i) => `https://example.com/nonblocking/${i}?padding=${'y'.repeat(300)}`);
  });

  // A process: its stdout is a non-blocking pipe that Python made.
  it('gets every byte after the reader starts late', async () => {
    const args = ['urls', 'list', '--all', '-o', 'json'];
    const expected = await run(args);
    expect(expected.stdout.length).toBeGreaterThan(128 * 1024);
    const script = [
      'import fcntl, json, os, subprocess, sys, time',
      'r, w = os.pipe()',
      'fcntl.fcntl(w, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)',
      'os.set_blocking(w, False)',
      'p = subprocess.Popen(json.loads(sys.argv[1]), stdout=w, stderr=subprocess.PIPE)',
      'os.close(w)',
      'time.sleep(0.5)', // the CLI fills the pipe and meets EAGAIN meanwhile
      'out = bytearray()',
      'while True:',
      '    chunk = os.read(r, 65536)',
      '    if not chunk: break',
      '    out += chunk',
      'err = p.stderr.read()',
      'sys.stdout.buffer.write(json.dumps({"code": p.wait(), "stderr": err.decode(), "length": len(out)}).encode() + b"\\n")',
      'sys.stdout.buffer.write(bytes(out))',
    ].join('\n');
    const { execa } = await import('execa');
    const res = await execa('python3', ['-c', script, JSON.stringify([process.execPath, BIN, ...args])], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, SHORTY_CONFIG_DIR: tempDir() },
      extendEnv: false,
      stripFinalNewline: false,
    });
    const newline = res.stdout.indexOf('\n');
    const report = JSON.parse(res.stdout.slice(0, newline)) as { code: number; stderr: string; length: number };
    expect(report).toEqual({ code: 0, stderr: '', length: Buffer.byteLength(expected.stdout) });
    expect(res.stdout.slice(newline + 1)).toBe(expected.stdout);
  });
});

// A full pipe whose reader waits (`| less`, a person reading) must not freeze the run: Ctrl-C
// (twice: the first one waits for the output to drain) still ends it at once.
describe('stdout whose reader waits', () => {
  const { sandbox, env } = useSandboxCli({ rateLimit: '100000/60s' });

  beforeAll(async () => {
    // A list of several MiB: past what a pipe, or the socket pair Node gives a child, buffers.
    // 300 links of 8,000 characters (the sandbox takes URLs up to 8,192): fewer requests to add them.
    await addLinks(sandbox, 300, (i) => `https://example.com/waiting/${i}?${'w'.repeat(8000)}`);
  });

  // A process: it is stuck on a real pipe, and Ctrl-C is a signal to it.
  it('a run stuck on a full pipe still ends on Ctrl-C', async () => {
    await sandbox.admin.reset();
    const child = spawn(process.execPath, [BIN, 'urls', 'list', '--all', '-o', 'json'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, SHORTY_CONFIG_DIR: tempDir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pause(); // the reader looks away for good
    const exited = once(child, 'exit');
    // The run writes each page before it asks for the next: once the sandbox has answered the
    // first, the run is writing megabytes into a pipe nobody reads, and is stuck there.
    await until(async () => (await sandbox.admin.requests()).some((r) => r.status === 200));
    expect(child.exitCode).toBe(null);
    child.kill('SIGINT');
    // The first Ctrl-C waits for the output to drain; a second one sent before the process took
    // the first would merge with it.
    await until(() => !signalPending(child.pid!, 'SIGINT'));
    child.kill('SIGINT'); // ends the run at once
    const [code, signal] = await exited;
    expect([code, signal]).toEqual([null, 'SIGINT']);
  });
});
