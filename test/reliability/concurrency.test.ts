// Concurrency: several shorty processes at once. The config file is never seen half-written or
// readable by others, no process's change is lost, and processes sharing the limiter stay
// under the cap together.
import { execa } from 'execa';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BIN, COMMAND_HANG_LIMIT_MS, startCli, tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const PROCESSES = 4;
// Each process's runs overlap the others' from the first round on: three rounds show a lost update
// or a torn file in `npm test`; `npm run test:long` (SHORTY_TEST_LONG) runs ten.
const SETS = process.env.SHORTY_TEST_LONG === '1' ? 10 : 3;

/** Reads the file as often as it can until `done`; returns what it saw. */
async function watchConfig(file: string, done: () => boolean) {
  const seen = { reads: 0, broken: [] as string[], modes: new Set<string>() };
  while (!done()) {
    if (existsSync(file)) {
      try {
        const mode = (statSync(file).mode & 0o777).toString(8);
        const text = readFileSync(file, 'utf8');
        seen.modes.add(mode);
        JSON.parse(text);
        seen.reads += 1;
      } catch (err) {
        // ENOENT between exists and read cannot happen (rename replaces atomically), so any error counts.
        seen.broken.push((err as Error).message);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return seen;
}

describe('config written by 4 processes at once', () => {
  test(`${PROCESSES} × ${SETS} config set: always valid JSON, always 0600, no change lost`, async () => {
    const configDir = tempDir('shorty-config-race-');
    const file = join(configDir, 'config.json');
    let finished = false;
    // Separate processes: the subject is the lock and atomic write between processes.
    const loops = Array.from({ length: PROCESSES }, (_, p) =>
      // One shell loop per process, so the processes really overlap. Every run adds a profile of
      // its own, so any lost update (a process writing back what it read before another's change)
      // shows up as a missing profile, not only one that happens to hit a loop's last run.
      execa(
        'bash',
        [
          '-c',
          `for i in $(seq 1 ${SETS}); do out=$("$NODE" "$BIN" --profile p${p}-$i config set timeout "$i" 2>&1) || { echo "$out"; exit 1; }; done`,
        ],
        {
          env: {
            NODE: process.execPath,
            BIN,
            SHORTY_CONFIG_DIR: configDir,
            PATH: process.env.PATH,
            HOME: process.env.HOME,
          },
          extendEnv: false,
          reject: false,
          timeout: COMMAND_HANG_LIMIT_MS,
        },
      ),
    );
    const watching = watchConfig(file, () => finished);
    const results = await Promise.all(loops);
    finished = true;
    const seen = await watching;

    expect(results.map((r) => [r.exitCode, r.stdout])).toEqual(results.map(() => [0, '']));
    expect(seen.broken).toEqual([]);
    expect(seen.reads).toBeGreaterThan(0);
    expect([...seen.modes]).toEqual(['600']);
    expect((statSync(configDir).mode & 0o777).toString(8)).toBe('700');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    const expected = Object.fromEntries(
      Array.from({ length: PROCESSES * SETS }, (_, n) => {
        const [p, i] = [Math.floor(n / SETS), (n % SETS) + 1];
        return [`p${p}-${i}`, { timeout: String(i) }];
      }),
    );
    expect(config.profiles).toEqual(expected);
  });
});

describe('4 processes sharing the limiter', () => {
  let sandbox: StartedSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimit: '5/1s' });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  // Separate processes: what is shared is the limiter's state across processes.
  test('4 imports at once, told the cap: the server never refuses one request', async () => {
    const configDir = tempDir('shorty-config-shared-');
    const env = { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey, SHORTY_RATE_LIMIT: '5/1s' };
    const dir = tempDir('shorty-shared-');
    // 8 requests against a cap of 5 a second: unshared, the server would refuse some of them.
    const rows = 2;
    const runs = Array.from({ length: PROCESSES }, (_, p) => {
      const path = join(dir, `p${p}.txt`);
      writeFileSync(path, Array.from({ length: rows }, (_, i) => `https://p${p}.example/${i}`).join('\n'));
      return startCli(['urls', 'import', path, '-o', 'ndjson'], { env, configDir }).result;
    });
    const results = await Promise.all(runs);
    expect(results.map((r) => r.exitCode)).toEqual(results.map(() => 0));
    const stats = await sandbox.admin.stats();
    expect(stats.rejected).toBe(0);
    expect(stats.links).toBe(PROCESSES * rows);
    expect(stats.requests).toBe(PROCESSES * rows);
    // And the state they shared is sound afterwards: one more process still gets its answer.
    expect((await runInProcess(['urls', 'list', '--limit', '1', '-q'], { env, configDir })).exitCode).toBe(0);
  });
});
