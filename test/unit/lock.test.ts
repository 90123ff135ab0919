import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import lockfile from 'proper-lockfile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryRunLock, withMomentLock } from '../../src/util/lock.js';
import { ROOT, tempDir } from '../helpers/cli.js';

/** A pid that was a process of this host and is not any more. */
async function deadPid(): Promise<number> {
  const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => dead.once('exit', resolve));
  return dead.pid!;
}

/** A process alive for the whole file: the owner of a lock that is not ours. */
const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
afterAll(() => void other.kill());

/** A run lock of `path` as another process leaves it: the folder, and the record naming its owner. */
function namedLock(path: string, owner: Record<string, unknown>, lockPath = `${path}.lock`): string {
  mkdirSync(lockPath);
  writeFileSync(`${lockPath}/owner`, JSON.stringify(owner));
  return lockPath;
}

/** Untouched for a minute: older than the 5 s after which a lock that names no owner is stale. */
function age(lockPath: string): void {
  const longAgo = new Date(Date.now() - 60_000);
  utimesSync(lockPath, longAgo, longAgo);
}

const ownerOf = (path: string) => JSON.parse(readFileSync(`${path}.lock/owner`, 'utf8'));

describe('a run lock', () => {
  it('is a folder naming its owner (pid, host, token); released, nothing is left', async () => {
    const dir = tempDir();
    const path = join(dir, 'j');
    const lock = await tryRunLock(path);
    expect(ownerOf(path)).toMatchObject({ pid: process.pid, host: hostname(), token: expect.any(String) });
    expect(await tryRunLock(path)).toEqual({ holder: { pid: process.pid, host: hostname() } });
    expect('release' in lock && lock.release()).toBe(undefined);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('whose owner is a dead process of this host is taken at once, however young', async () => {
    const path = join(tempDir(), 'j');
    namedLock(path, { pid: await deadPid(), host: hostname(), at: Date.now(), token: 'old' });
    const lock = await tryRunLock(path);
    expect(lock).toHaveProperty('release');
    expect(ownerOf(path).pid).toBe(process.pid);
  });

  it('whose owner is alive is held, however old (a run suspended with Ctrl-Z keeps it); the refusal names it', async () => {
    const path = join(tempDir(), 'j');
    const lockPath = namedLock(path, { pid: other.pid, host: hostname(), at: 0, token: 'x' });
    age(lockPath);
    expect(await tryRunLock(path)).toEqual({ holder: { pid: other.pid, host: hostname() } });
    expect(ownerOf(path).pid).toBe(other.pid);
  });

  it('of another host is never broken: held, naming host and pid, whatever that pid is here', async () => {
    const path = join(tempDir(), 'j');
    const lockPath = namedLock(path, { pid: await deadPid(), host: 'build-7.example', token: 'x' });
    age(lockPath);
    const lock = await tryRunLock(path);
    expect(lock).toEqual({ holder: { pid: expect.any(Number), host: 'build-7.example' } });
    expect(existsSync(`${lockPath}/owner`)).toBe(true);
  });

  it('is made aside and renamed into place whole: a run killed before the rename left no lock', async () => {
    const path = join(tempDir(), 'j');
    // What a kill between making the folder aside and renaming it leaves: not read as a lock.
    const aside = `${path}.lock.${process.pid}-killed-before-rename`;
    mkdirSync(aside);
    writeFileSync(`${aside}/owner`, JSON.stringify({ pid: other.pid, host: hostname(), token: 'x' }));
    const taken = await tryRunLock(path);
    expect(taken).toHaveProperty('release');
    expect(ownerOf(path).pid).toBe(process.pid);
    // And while it is held, a second taker's rename fails on the named folder: held, named.
    expect(await tryRunLock(path)).toEqual({ holder: { pid: process.pid, host: hostname() } });
  });

  it('whose record was cut short names no owner either: the same 5 s', async () => {
    const path = join(tempDir(), 'j');
    const lockPath = namedLock(path, {});
    writeFileSync(`${lockPath}/owner`, '{"pid": 12');
    expect(await tryRunLock(path)).toEqual({ holder: { pid: undefined, host: undefined } });
    age(lockPath);
    expect(await tryRunLock(path)).toHaveProperty('release');
    expect(ownerOf(path).pid).toBe(process.pid);
  });

  describe('left by an older shorty, a file at the same place holding the same record', () => {
    it('is held while its owner is alive, naming it', async () => {
      const path = join(tempDir(), 'j');
      writeFileSync(`${path}.lock`, JSON.stringify({ pid: other.pid, host: hostname(), at: 0, token: 'x' }));
      expect(await tryRunLock(path)).toEqual({ holder: { pid: other.pid, host: hostname() } });
    });

    it('is taken over (as a folder) once its owner is dead', async () => {
      const dir = tempDir();
      const path = join(dir, 'j');
      writeFileSync(`${path}.lock`, JSON.stringify({ pid: await deadPid(), host: hostname(), at: 0, token: 'x' }));
      const lock = await tryRunLock(path);
      expect(ownerOf(path).pid).toBe(process.pid);
      if ('release' in lock) lock.release();
      expect(readdirSync(dir)).toEqual([]);
    });

    it('empty (its writer killed before writing it) is held while fresh, taken once 5 s old', async () => {
      const path = join(tempDir(), 'j');
      writeFileSync(`${path}.lock`, '');
      expect(await tryRunLock(path)).toEqual({ holder: { pid: undefined, host: undefined } });
      age(`${path}.lock`);
      expect(await tryRunLock(path)).toHaveProperty('release');
    });

    it('with an older breaker file of a live process beside it: not broken while that one works', async () => {
      const dir = tempDir();
      const path = join(dir, 'j');
      writeFileSync(`${path}.lock`, JSON.stringify({ pid: await deadPid(), host: hostname(), token: 'x' }));
      writeFileSync(`${path}.lock.break`, JSON.stringify({ pid: other.pid, host: hostname(), token: 'b' }));
      expect(await tryRunLock(path)).toHaveProperty('holder');
      expect(readdirSync(dir).sort()).toEqual(['j.lock', 'j.lock.break']);
    });
  });

  it('beside a breaker left by a dead process: the breaker is removed, then the stale lock broken', async () => {
    const dir = tempDir();
    const path = join(dir, 'j');
    namedLock(path, { pid: await deadPid(), host: hostname(), token: 'x' });
    namedLock(path, { pid: await deadPid(), host: hostname(), token: 'b' }, `${path}.lock.break`);
    expect(readdirSync(dir).sort()).toEqual(['j.lock', 'j.lock.break']);
    const lock = await tryRunLock(path);
    expect(lock).toHaveProperty('release');
    expect(readdirSync(dir)).toEqual(['j.lock']);
  });
});

describe('a moment lock', () => {
  it('is the folder alone: nothing written in it, nothing left', async () => {
    const dir = tempDir();
    const path = join(dir, 's');
    await withMomentLock(path, () => {
      expect(readdirSync(`${path}.lock`)).toEqual([]);
      expect(lockfile.checkSync(path, { realpath: false, stale: 5000 })).toBe(true);
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('taken over once untouched for 5 s, through the same breaker', async () => {
    const dir = tempDir();
    const path = join(dir, 's');
    mkdirSync(`${path}.lock`);
    age(`${path}.lock`);
    expect(await withMomentLock(path, () => 42)).toBe(42);
    expect(readdirSync(dir)).toEqual([]);
  });
});

/**
 * Processes of their own: the subject is two processes finding one stale lock. Each runs the
 * lock module one step at a time as the test says (test/helpers/locker.ts), answering each step,
 * so the order of the steps is the test's, never a matter of timing.
 */
describe('two processes finding the same stale lock', () => {
  let script: string;
  beforeAll(async () => {
    script = join(tempDir(), 'locker.cjs');
    await build({
      entryPoints: [join(ROOT, 'test', 'helpers', 'locker.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: script,
      logLevel: 'error',
    });
  });

  interface Locker {
    child: ChildProcessByStdio<Writable, Readable, null>;
    /** Sends a step; the answer line. */
    ask(step: string): Promise<string>;
  }

  function locker(path: string): Locker {
    const child = spawn(process.execPath, [script, path], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout });
    const waiting: ((line: string) => void)[] = [];
    lines.on('line', (line) => waiting.shift()?.(line));
    return {
      child,
      ask: (step) =>
        new Promise((resolve) => {
          waiting.push(resolve);
          child.stdin.write(`${step}\n`);
        }),
    };
  }

  const lockers: Locker[] = [];
  const start = (path: string) => {
    const started = locker(path);
    lockers.push(started);
    return started;
  };
  afterAll(() => {
    for (const { child } of lockers) child.kill();
  });

  it('named, its owner dead: the first breaks it and takes it; the second, acting on what it judged before, leaves that fresh lock alone', async () => {
    const path = join(tempDir(), 'j');
    namedLock(path, { pid: await deadPid(), host: hostname(), token: 'old' });
    const [a, b] = [start(path), start(path)];
    expect([await a.ask('judge'), await b.ask('judge')]).toEqual(['stale', 'stale']);
    expect(await a.ask('break')).toBe('broken');
    expect(await a.ask('run')).toBe('took');
    expect(await b.ask('break')).toBe('held');
    expect(ownerOf(path).pid).toBe(a.child.pid);
    expect(await b.ask('run')).toBe(`held ${a.child.pid}`);
    expect(await a.ask('release')).toBe('released');
  });

  it('unnamed and old: the second leaves alone the moment lock the first took meanwhile (an empty folder, which a blind rmdir would remove)', async () => {
    const path = join(tempDir(), 's');
    mkdirSync(`${path}.lock`);
    age(`${path}.lock`);
    const [a, b] = [start(path), start(path)];
    expect([await a.ask('judge'), await b.ask('judge')]).toEqual(['stale', 'stale']);
    expect(await a.ask('break')).toBe('broken');
    expect(await a.ask('moment')).toBe('holding');
    expect(await b.ask('break')).toBe('held');
    expect(readdirSync(`${path}.lock`)).toEqual([]);
    expect(await a.ask('go on')).toBe('released');
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('told to take it at the same instant, four processes: exactly one takes it, rounds on end', async () => {
    const path = join(tempDir(), 'j');
    const all = [start(path), start(path), start(path), start(path)];
    const dead = await deadPid();
    for (let round = 0; round < 10; round++) {
      namedLock(path, { pid: dead, host: hostname(), token: `old-${round}` });
      const answers = await Promise.all(all.map((one) => one.ask('run')));
      const winners = all.filter((_, i) => answers[i] === 'took');
      expect(winners, answers.join(', ')).toHaveLength(1);
      expect(ownerOf(path).pid).toBe(winners[0]!.child.pid);
      expect(await winners[0]!.ask('release')).toBe('released');
      expect(existsSync(`${path}.lock`)).toBe(false);
    }
  });

  it('four processes counting under moment locks from a stale one: every update kept, nothing left', async () => {
    const dir = tempDir();
    const path = join(dir, 'counter');
    writeFileSync(path, '0');
    mkdirSync(`${path}.lock`);
    age(`${path}.lock`);
    const all = [start(path), start(path), start(path), start(path)];
    expect(await Promise.all(all.map((one) => one.ask('count 50')))).toEqual(Array(4).fill('counted'));
    expect(readFileSync(path, 'utf8')).toBe('200');
    expect(readdirSync(dir)).toEqual(['counter']);
  });
});
