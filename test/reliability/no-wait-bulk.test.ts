// --no-wait in the bulk commands: a spent rate budget stops import and sync with exit 4 before
// their first wait (README, `shorty help exit-codes`), the journal saying which rows were done.
// The clock is injected: a run that waited would show it in what it slept, not in real time.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const dir = tempDir('shorty-no-wait-');
let sandbox: StartedSandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A clock that moves only when the run sleeps, adding up what it slept. */
function countedClock() {
  let slept = 0;
  return {
    slept: () => slept,
    now: () => Date.now() + slept,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      slept += Math.max(0, ms);
    },
  };
}

function csvOf(name: string, n: number): string {
  const rows = Array.from({ length: n }, (_, i) => `https://${name}.example/${i + 1},${name}-${i + 1}`);
  const path = join(dir, `${name}.csv`);
  writeFileSync(path, `url,alias\n${rows.join('\n')}\n`);
  return path;
}

/** The ids of the links the journal says were made. */
const journaledIds = (path: string): number[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((r) => r.status === 'ok')
    .map((r) => r.id)
    .sort();

/** The account's links, read past the sandbox's own rate limit. */
async function linkIds(sb: StartedSandbox): Promise<number[]> {
  await sb.admin.reset();
  return (await sb.api('GET', '/urls?limit=100')).json.data.urls.map((l: { id: number }) => l.id).sort();
}

const COMMANDS = {
  import: (file: string, journal: string) => ['urls', 'import', file, '--journal', journal, '-o', 'ndjson'],
  sync: (file: string, journal: string) => ['urls', 'sync', file, '-y', '--journal', journal],
};

test.each([
  ['import', 'client'],
  ['sync', 'client'],
  ['import', 'server'],
  ['sync', 'server'],
] as const)(
  'urls %s --no-wait when the %s budget is spent: exit 4 before any wait; the journal holds what was made',
  async (name, spent) => {
    // 3 requests a run's budget: the client's cap, or the server's (which refuses the 4th).
    sandbox = await startSandbox(spent === 'server' ? { rateLimit: '3/3600s' } : {});
    const file = csvOf(`${name}-${spent}`, 6);
    const journal = join(dir, `${name}-${spent}.journal`);
    const clock = countedClock();
    const res = await runInProcess([...COMMANDS[name](file, journal), '--no-wait'], {
      env: {
        SHORTY_BASE_URL: sandbox.baseUrl,
        SHORTY_API_KEY: sandbox.apiKey,
        SHORTY_RATE_LIMIT: spent === 'client' ? '3/3600s' : '1000/1s',
      },
      now: clock.now,
      sleep: clock.sleep,
    });
    expect(res.exitCode, res.stderr).toBe(4);
    expect(clock.slept()).toBe(0);
    expect(res.stderr).not.toMatch(/trying again/);
    expect(res.stderr).toMatch(/^shorty: rate limited: the (client rate limit is reached|server refused)/m);
    expect(res.stderr).toMatch(/; (stopped after \d of 6 rows|stopped with \d of 6 changes not applied);/);
    const made = await linkIds(sandbox);
    expect(made.length).toBeGreaterThan(0);
    expect(made.length).toBeLessThan(6);
    expect(journaledIds(journal)).toEqual(made);
  },
);

test('the rows --no-wait left are sent by the next run with the journal, each once', async () => {
  sandbox = await startSandbox();
  const file = csvOf('resume', 5);
  const journal = join(dir, 'resume.journal');
  const env = { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey, SHORTY_RATE_LIMIT: '2/3600s' };
  const first = await runInProcess([...COMMANDS.import(file, journal), '--no-wait'], { env, ...countedClock() });
  expect(first.exitCode, first.stderr).toBe(4);
  const again = await runInProcess(COMMANDS.import(file, journal), {
    env: { ...env, SHORTY_RATE_LIMIT: '1000/1s' },
  });
  expect(again.exitCode, again.stderr).toBe(0);
  expect(await linkIds(sandbox)).toEqual([1, 2, 3, 4, 5]);
});
