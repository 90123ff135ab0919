// The front (dist/shorty.cjs) answers the root help and the version without loading the CLI. What
// it prints must be what the CLI prints for the same argv, byte for byte, and a request it can't
// answer as the CLI would (a terminal, a failing stdout) must reach the CLI.
import { spawn } from 'node:child_process';
import { execa } from 'execa';
import { once } from 'node:events';
import { closeSync, copyFileSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownAnswer, type Stdout } from '../../src/front.js';
import { ROOT, tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { screenOf, startInTerminal } from '../helpers/terminal.js';

/** The built CLI; stdout a pipe, or the descriptor given (a file opened for it). */
async function built(args: string[], bin = join(ROOT, 'bin', 'shorty.js'), stdout: 'pipe' | number = 'pipe') {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH, HOME: tempDir(), SHORTY_CONFIG_DIR: tempDir() },
    stdio: ['ignore', stdout, 'pipe'],
  });
  const [out, err] = [child.stdout, child.stderr].map((stream) => stream?.setEncoding('utf8').toArray());
  const [exitCode] = (await once(child, 'close')) as [number];
  return { exitCode, stdout: ((await out) ?? []).join(''), stderr: ((await err) ?? []).join('') };
}

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('the front prints what the CLI prints', () => {
  it.each([[['--help']], [['-h']], [['help']]])('shorty %j', async (args) => {
    const cli = await runInProcess(args);
    expect(cli.exitCode).toBe(0);
    expect(await built(args)).toEqual({ exitCode: 0, stdout: cli.stdout, stderr: '' });
  });

  it.each([[['--version']], [['-V']]])('shorty %j', async (args) => {
    // In-process, the sources have no version injected: the built CLI's own answer is the reference.
    expect(await built(args)).toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('writes the same help to a file', async () => {
    const file = join(tempDir(), 'help.txt');
    const fd = openSync(file, 'w');
    try {
      expect((await built(['--help'], undefined, fd)).exitCode).toBe(0);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toBe((await runInProcess(['--help'])).stdout);
  });

  it('answers the root help without loading the CLI', async () => {
    // A copy with the front and no CLI beside it: the help and the version still print.
    const dir = tempDir('shorty-front-only-');
    for (const file of ['bin/shorty.js', 'bin/package.json', 'dist/shorty.cjs', 'package.json']) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      copyFileSync(join(ROOT, file), join(dir, file));
    }
    const bin = join(dir, 'bin', 'shorty.js');
    expect((await built(['--help'], bin)).stdout).toMatch(/^Usage: shorty \[options\] \[command\]\n/);
    expect((await built(['-V'], bin)).exitCode).toBe(0);
    // Anything else needs the CLI, which this copy lacks.
    expect((await built(['help', 'urls'], bin)).exitCode).not.toBe(0);
  });

  it('leaves a failing stdout to the CLI, which reports it by its rules', async () => {
    // A file open for reading only: not a terminal, so the front writes, and its write fails.
    const file = join(tempDir(), 'read-only.txt');
    writeFileSync(file, '');
    const readOnly = openSync(file, 'r');
    // A character device that is no terminal (a full disk): left to the CLI from the start.
    const full = openSync('/dev/full', 'w');
    try {
      const failed = await built(['--help'], undefined, readOnly);
      expect(failed.exitCode).toBe(1);
      expect(failed.stderr).toMatch(/^shorty: cannot write to stdout: .*EBADF.*\n$/);
      // The same help asked in a way only the CLI answers: the same end.
      expect(await built(['--no-color', '--help'], undefined, readOnly)).toEqual(failed);
      expect(await built(['-h'], undefined, full)).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'shorty: cannot write to stdout: no space left on the device (ENOSPC)\n',
      });
    } finally {
      closeSync(readOnly);
      closeSync(full);
    }
  });
});

/** `shorty ...args` in a real terminal `cols` wide (0: one that reports no width), its screen and exit code. */
async function inTerminal(cols: number, args: string[], opts: { bin?: string; env?: Record<string, string> } = {}) {
  const res = await startInTerminal(
    [process.execPath, opts.bin ?? join(ROOT, 'bin', 'shorty.js'), ...args],
    `cols ${cols} rows ${cols === 0 ? 0 : 24}`,
    { PATH: process.env.PATH, HOME: tempDir(), SHORTY_CONFIG_DIR: tempDir(), ...opts.env },
  );
  return { exitCode: res.exitCode, stdout: screenOf(res.stdout) };
}

describe('the root help on a terminal', () => {
  it.each([80, 24, 250])('is what the CLI prints at %i columns', async (cols) => {
    const cli = await runInProcess(['--help'], { terminalColumns: cols });
    expect(await inTerminal(cols, ['--help'])).toEqual({ exitCode: 0, stdout: cli.stdout });
  });

  it("takes COLUMNS, else 80, from a terminal that reports no width, as the CLI's views do", async () => {
    const at = async (cols: number) => (await runInProcess(['-h'], { terminalColumns: cols })).stdout;
    expect((await inTerminal(0, ['-h'], { env: { COLUMNS: '100' } })).stdout).toBe(await at(100));
    expect((await inTerminal(0, ['-h'])).stdout).toBe(await at(80));
    expect(await at(100)).not.toBe(await at(80));
  });

  it('is laid out without loading the CLI', async () => {
    const dir = tempDir('shorty-front-only-');
    for (const file of ['bin/shorty.js', 'bin/package.json', 'dist/shorty.cjs', 'package.json']) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      copyFileSync(join(ROOT, file), join(dir, file));
    }
    const cli = await runInProcess(['help'], { terminalColumns: 100 });
    expect(await inTerminal(100, ['help'], { bin: join(dir, 'bin', 'shorty.js') })).toEqual({
      exitCode: 0,
      stdout: cli.stdout,
    });
  });
});

/**
 * A program that set O_NONBLOCK on a stdout it shares with shorty, and filled it: the front's
 * write(2) is refused (EAGAIN), and the help must still arrive whole, once, when the reader drains.
 * Node can't make such a descriptor; Python can. The reader drains once shorty waits in its event
 * loop (its wchan), that is after its write was refused.
 */
const FULL_NON_BLOCKING_STDOUT = String.raw`
import socket, subprocess, sys, time
node, bin_ = sys.argv[1], sys.argv[2]
ours, theirs = socket.socketpair()
theirs.setblocking(False)
filled = 0
try:
    while True:
        filled += theirs.send(b'x' * 4096)
except BlockingIOError:
    pass
p = subprocess.Popen([node, bin_, '--help'], stdout=theirs.fileno(), stderr=subprocess.PIPE)
theirs.close()
for _ in range(5000):
    try:
        with open('/proc/%d/wchan' % p.pid) as f:
            if f.read().strip() in ('ep_poll', 'do_epoll_wait'):
                break
    except FileNotFoundError:
        break
    time.sleep(0.001)
ours.setblocking(True)
data = b''
while True:
    chunk = ours.recv(65536)
    if not chunk:
        break
    data += chunk
sys.stdout.write('%d\n%s' % (p.wait(), p.stderr.read().decode()))
sys.stdout.buffer.write(data[filled:])
`;

describe('a stdout left full and non-blocking by another program', () => {
  it('gets the help whole and once, when it drains', async () => {
    const res = await execa(
      'python3',
      ['-c', FULL_NON_BLOCKING_STDOUT, process.execPath, join(ROOT, 'bin', 'shorty.js')],
      {
        stripFinalNewline: false,
        timeout: 60_000,
      },
    );
    expect(res.stdout).toBe(`0\n${(await runInProcess(['--help'])).stdout}`);
  });
});

// The help's text exists only in the build (above); the rules on argv are the source's.
describe('knownAnswer', () => {
  const pipe = (): Stdout => ({ kind: 'file' });

  it('answers the version on a terminal too', () => {
    expect(knownAnswer(['-V'], () => ({ kind: 'terminal', columns: 80 }))).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('leaves the help on a device that is no terminal to the CLI', () => {
    expect(knownAnswer(['--help'], () => ({ kind: 'device' }))).toBeUndefined();
  });

  it('leaves every other argv to the CLI', () => {
    for (const argv of [[], ['--help', '--no-color'], ['urls', '--help'], ['--debug', '-V'], ['version'], ['-hV']]) {
      expect(knownAnswer(argv, pipe)).toBeUndefined();
    }
  });
});
