import { spawn } from 'node:child_process';
import { mkdir, readFile, readdir, rmdir, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import lockfile from 'proper-lockfile';
import { describe, expect, it } from 'vitest';
import { openRateStore, rateStatePath } from '../../src/api/rate-store.js';
import { fnv1a64 } from '../../src/util/hash.js';
import { ROOT, tempDir } from '../helpers/cli.js';

function exitOf(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const addSlot = (pid: number, seq: number) => (state: { slots: unknown[] }) => {
  state.slots.push({ sentAt: Date.now(), pid, seq });
};

/** A script that opens the state file named by its first argument and runs `body` on `store`. */
async function writerScript(dir: string, body: string): Promise<string> {
  const script = join(ROOT, 'node_modules', '.cache', 'shorty-tests', basename(dir), 'writer.mjs');
  await build({
    stdin: {
      contents: `import { openRateStore } from './src/api/rate-store.ts';
        const store = openRateStore(process.argv[2]);
        ${body}`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: script,
    logLevel: 'error',
    // The libraries (CommonJS) stay outside the bundle, found in node_modules from beside it.
    packages: 'external',
  });
  return script;
}

describe('state file location', () => {
  it('is per base URL and key, and never contains the key', () => {
    const a = rateStatePath('/cfg', 'http://127.0.0.1:8080', 'sk_secret_one');
    expect(a).toMatch(/ratelimit[/\\]127\.0\.0\.1_8080-[0-9a-f]{16}\.json$/);
    expect(a).not.toContain('sk_secret_one');
    expect(rateStatePath('/cfg', 'http://127.0.0.1:8080', 'sk_secret_two')).not.toBe(a);
    expect(rateStatePath('/cfg', 'http://127.0.0.1:9090', 'sk_secret_one')).not.toBe(a);
  });
});

describe('fnv1a64', () => {
  it('gives the published FNV-1a 64-bit test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });
});

describe('the locked state file', () => {
  it('keeps every update when many writers race in one process', async () => {
    const store = openRateStore(join(tempDir(), 'ratelimit', 's.json'));
    await Promise.all(Array.from({ length: 60 }, (_, i) => store.update(addSlot(1, i))));
    const state = await store.read();
    expect(state.slots).toHaveLength(60);
    expect(new Set(state.slots.map((s) => s.seq)).size).toBe(60);
  });

  it('keeps every update when separate processes write at the same time', async () => {
    const dir = tempDir();
    const script = await writerScript(
      dir,
      `
          for (let i = 0; i < 25; i++) await store.update((s) => { s.slots.push({ sentAt: Date.now(), pid: process.pid, seq: i }); });`,
    );
    const path = join(dir, 'ratelimit', 'shared.json');
    const children = Array.from({ length: 4 }, () => spawn(process.execPath, [script, path], { stdio: 'inherit' }));
    expect(await Promise.all(children.map(exitOf))).toEqual([0, 0, 0, 0]);
    const state = JSON.parse(await readFile(path, 'utf8')) as { slots: { pid: number }[] };
    expect(state.slots).toHaveLength(100);
    expect(new Set(state.slots.map((s) => s.pid)).size).toBe(4);
    // no lock or temp file left behind
    expect(await readdir(join(dir, 'ratelimit'))).toEqual(['shared.json']);
  });

  it('a state that cannot be saved is an error naming the file, and leaves no temp file', async () => {
    const path = join(tempDir(), 'ratelimit', 's.json');
    await mkdir(path, { recursive: true }); // a folder where the file goes: the rename over it fails
    const store = openRateStore(path);
    await expect(store.update(addSlot(1, 1))).rejects.toMatchObject({
      message: `cannot save the rate-limit state ${path}: it is a folder (EISDIR)`,
      exitCode: 1,
    });
    expect((await readdir(join(path, '..'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('takes over a lock its holder stopped keeping fresh (killed, crashed)', async () => {
    const path = join(tempDir(), 'ratelimit', 's.json');
    const store = openRateStore(path);
    await store.update(addSlot(1, 1));
    await mkdir(`${path}.lock`);
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(`${path}.lock`, longAgo, longAgo);
    await store.update(addSlot(1, 2));
    expect((await store.read()).slots).toHaveLength(2);
    expect(await readdir(join(path, '..'))).toEqual(['s.json']);
  });

  it('waits for a fresh lock held by another process', async () => {
    const path = join(tempDir(), 'ratelimit', 's.json');
    const store = openRateStore(path);
    await store.update(addSlot(1, 1));
    await mkdir(`${path}.lock`);
    let finished = false;
    const pending = store.update(addSlot(1, 2)).then(() => {
      finished = true;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(finished).toBe(false);
    await rmdir(`${path}.lock`);
    await pending;
    expect((await store.read()).slots).toHaveLength(2);
  });

  it("excludes proper-lockfile's own lock both ways: a free lock taken without the library is one it sees held", async () => {
    const path = join(tempDir(), 'ratelimit', 's.json');
    const store = openRateStore(path);
    await store.update((state) => {
      expect(lockfile.checkSync(path, { realpath: false, stale: 5000 })).toBe(true);
      expect(() => lockfile.lockSync(path, { realpath: false, stale: 5000 })).toThrow(
        expect.objectContaining({ code: 'ELOCKED' }),
      );
      addSlot(1, 1)(state);
    });
    expect(lockfile.checkSync(path, { realpath: false })).toBe(false);
    const release = lockfile.lockSync(path, { realpath: false, stale: 5000 });
    let finished = false;
    const pending = store.update(addSlot(1, 2)).then(() => {
      finished = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(finished).toBe(false);
    release();
    await pending;
    expect((await store.read()).slots).toHaveLength(2);
    expect(await readdir(join(path, '..'))).toEqual(['s.json']);
  });

  it('starts afresh from a corrupt state file', async () => {
    const path = join(tempDir(), 's.json');
    await writeFile(path, '{"slots": [tru');
    const store = openRateStore(path);
    await store.update(addSlot(1, 1));
    expect((await store.read()).slots).toHaveLength(1);
  });

  it('replaces the file whole: valid JSON after every write, mode 0600, no temp file left', async () => {
    const dir = join(tempDir(), 'ratelimit');
    const path = join(dir, 's.json');
    const store = openRateStore(path);
    for (let i = 0; i < 20; i++) await store.update(addSlot(1, i));
    const { ino } = await stat(path);
    await store.update((state) => {
      state.slots.splice(0, 19);
    });
    const after = await stat(path);
    expect(after.ino).not.toBe(ino); // a new file renamed over the old one, not the old one rewritten
    expect(after.mode & 0o777).toBe(0o600);
    expect((JSON.parse(await readFile(path, 'utf8')) as { slots: unknown[] }).slots).toHaveLength(1);
    expect(await readdir(dir)).toEqual(['s.json']);
  });

  it('never shows a reader a torn state while other processes write', async () => {
    const dir = tempDir();
    const script = await writerScript(
      dir,
      `
          for (let i = 0; i < 40; i++) await store.update((s) => {
            // alternately long and short states: an in-place write would leave a tail to tear
            if (i % 2) s.slots.splice(0); else for (let k = 0; k < 200; k++) s.slots.push({ sentAt: Date.now(), pid: process.pid, seq: k });
          });`,
    );
    const path = join(dir, 'ratelimit', 'shared.json');
    await openRateStore(path).update(addSlot(1, 0));
    const children = Array.from({ length: 3 }, () => spawn(process.execPath, [script, path], { stdio: 'inherit' }));
    const exits = Promise.all(children.map(exitOf));
    let running = true;
    void exits.then(() => {
      running = false;
    });
    let reads = 0;
    while (running) {
      // Read without the lock, as a person or another tool would: JSON every time.
      const text = await readFile(path, 'utf8');
      expect(() => JSON.parse(text)).not.toThrow();
      reads += 1;
    }
    expect(await exits).toEqual([0, 0, 0]);
    expect(reads).toBeGreaterThan(0);
    expect(await readdir(join(dir, 'ratelimit'))).toEqual(['shared.json']);
  });

  it('reads an empty state, and creates nothing, where no state was ever written', async () => {
    const dir = join(tempDir(), 'ratelimit');
    const state = await openRateStore(join(dir, 's.json')).read();
    expect(state.slots).toEqual([]);
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
  });
});
