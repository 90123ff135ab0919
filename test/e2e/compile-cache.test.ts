// The process is the subject here: what bin/shorty.js does before the bundle is loaded (where
// Node keeps its compile cache, and what a damaged one does to the next start) is seen only by
// starting the built CLI.
import { execa } from 'execa';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';

// Node 22.8 and later have module.enableCompileCache(); Node 20 has none, and then shorty keeps no cache.
const NODE_HAS_COMPILE_CACHE = typeof createRequire(import.meta.url)('node:module').enableCompileCache === 'function';

function home() {
  const root = tempDir('shorty-cc-');
  const env = { HOME: root, XDG_CACHE_HOME: join(root, 'cache'), TMPDIR: join(root, 'tmp') };
  mkdirSync(env.TMPDIR);
  return { root, env, compileDir: join(env.XDG_CACHE_HOME, 'shorty', 'compile') };
}

async function shorty(args: string[], env: Record<string, string>) {
  const { NODE_COMPILE_CACHE: _, NODE_DISABLE_COMPILE_CACHE: __, ...inherited } = process.env;
  return execa(process.execPath, [BIN, ...args], { env: { ...inherited, ...env }, extendEnv: false, reject: false });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Flips `count` bytes of the file, chosen by a small deterministic generator from `seed`. */
function damage(file: string, seed: number, count = 3): void {
  const bytes = readFileSync(file);
  let state = seed;
  for (let i = 0; i < count; i += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[state % bytes.length] ^= 0xff;
  }
  writeFileSync(file, bytes);
}

describe('the compile cache', () => {
  it("is kept in the user's cache folder, private, and never in the shared temp folder", async () => {
    const { env, compileDir } = home();
    const run = await shorty(['--help'], env);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(readdirSync(env.TMPDIR)).toEqual([]);
    if (NODE_HAS_COMPILE_CACHE) {
      expect(filesUnder(compileDir).length).toBeGreaterThan(0);
      for (const dir of [join(env.XDG_CACHE_HOME, 'shorty'), compileDir]) {
        expect((statSync(dir).mode & 0o077).toString(8)).toBe('0');
      }
    } else {
      expect(existsSync(join(env.XDG_CACHE_HOME, 'shorty'))).toBe(false);
    }
  });

  // The checks of the folder run before the bundle is loaded: one that threw (a constant read
  // before its declaration) turned the cache off for good, with no other sign than a slower start.
  it('is read on the next start', async () => {
    const { env } = home();
    expect((await shorty(['--version'], env)).exitCode).toBe(0);
    const again = await shorty(['--version'], { ...env, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(/V8 code cache for CommonJS \S+shorty\.cjs was accepted/.test(again.stderr)).toBe(NODE_HAS_COMPILE_CACHE);
  });

  it('costs a damaged cache time, never a crash or another output', async () => {
    const { env, compileDir } = home();
    const first = await shorty(['--help'], env);
    expect(first.exitCode, first.stderr).toBe(0);
    const cached = filesUnder(compileDir);
    expect(cached.length > 0).toBe(NODE_HAS_COMPILE_CACHE);
    for (let seed = 1; seed <= 5; seed += 1) {
      for (const file of filesUnder(compileDir)) damage(file, seed);
      const again = await shorty(['--help'], env);
      expect({ code: again.exitCode, stdout: again.stdout, stderr: again.stderr }).toEqual({
        code: 0,
        stdout: first.stdout,
        stderr: '',
      });
    }
  });

  it('is not used in a folder that others may write, or that is a link', async () => {
    const writable = home();
    mkdirSync(writable.compileDir, { recursive: true });
    chmodSync(writable.compileDir, 0o777);
    const linked = home();
    const elsewhere = tempDir('shorty-cc-elsewhere-');
    mkdirSync(linked.env.XDG_CACHE_HOME, { recursive: true });
    symlinkSync(elsewhere, join(linked.env.XDG_CACHE_HOME, 'shorty'));
    for (const { env, compileDir } of [writable, linked]) {
      const run = await shorty(['--version'], env);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(filesUnder(compileDir)).toEqual([]);
    }
    expect(filesUnder(elsewhere)).toEqual([]);
  });

  // A read of a FIFO would hold the start for good: the run ending with its output is the proof.
  it('a FIFO or a 1 GiB file in it neither holds nor slows a start: they are removed', async () => {
    const { env, compileDir } = home();
    const first = await shorty(['--version'], env);
    expect(first.exitCode, first.stderr).toBe(0);
    // Where Node has a cache, the entries it made are replaced; elsewhere, a build folder is made up.
    const made = filesUnder(compileDir);
    const build = made.length > 0 ? join(made[0], '..') : join(compileDir, 'build');
    mkdirSync(build, { recursive: true });
    const fifo = made[0] ?? join(build, 'a');
    const big = made[1] ?? join(build, 'b');
    rmSync(fifo, { force: true });
    rmSync(big, { force: true });
    execFileSync('mkfifo', [fifo]);
    writeFileSync(big, '');
    truncateSync(big, 2 ** 30);
    const again = await shorty(['--version'], env);
    expect({ code: again.exitCode, stdout: again.stdout, stderr: again.stderr }).toEqual({
      code: 0,
      stdout: first.stdout,
      stderr: '',
    });
    // Node 20 has no cache: shorty leaves the folder alone.
    // (Where there is a cache, Node may write a new entry of the same name: a file, not a FIFO.)
    expect(existsSync(fifo) && lstatSync(fifo).isFIFO()).toBe(!NODE_HAS_COMPILE_CACHE);
    expect(existsSync(big) && statSync(big).size === 2 ** 30).toBe(!NODE_HAS_COMPILE_CACHE);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE', async () => {
    const { env, root } = home();
    const run = await shorty(['--version'], { ...env, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(filesUnder(root)).toEqual([]);
  });
});
