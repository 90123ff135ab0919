import { existsSync, mkdirSync, readFileSync, utimesSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { rateStatePath } from '../../src/api/rate-store.js';
import { runCli, startCli, tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess, simulatedClock, type InProcessOptions } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

// Sharing the limiter between processes takes real processes (runCli): those tests wait for real,
// on windows of 1 s, or announce a wait of ten minutes and are stopped. How one run answers the
// server and its budget is the client's code, run in this process (runInProcess) on a simulated clock.
let sandbox: StartedSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function serve(opts: Parameters<typeof startSandbox>[0]): Promise<StartedSandbox> {
  sandbox = await startSandbox(opts);
  return sandbox;
}

function envFor(sb: StartedSandbox, extra: Record<string, string> = {}) {
  return { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey, ...extra };
}

/** `shorty api GET /account` sharing `configDir` with the others: a separate process, or one in this process. */
function account(
  sb: StartedSandbox,
  configDir: string,
  flags: string[] = [],
  run: typeof runCli = runInProcess,
): Promise<CliResult> {
  return run(['api', 'GET', '/account', ...flags], { env: envFor(sb), configDir });
}

/** A shell-style loop: one process after the other. */
async function loop(sb: StartedSandbox, configDir: string, times: number, flags: string[]): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await account(sb, configDir, flags, runCli)).exitCode);
  return codes;
}

/** Uses up the server's budget for the key from outside shorty (another client on the same key). */
async function spendServerBudget(sb: StartedSandbox, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await sb.api('GET', '/account');
}

describe('the limiter shared by separate processes', () => {
  // Real processes: the lock and the state file are what they share. As many loops as the cap, so
  // any two requests of one second that did not wait for each other would be refused.
  test('three loops in parallel get no rejection and leave a sound state file', async () => {
    const sb = await serve({ rateLimit: '3/1s' });
    const configDir = tempDir();
    const loops = await Promise.all([1, 2, 3].map(() => loop(sb, configDir, 3, ['--rate-limit', '3/1s'])));
    expect(loops.flat()).toEqual(Array(9).fill(0));
    expect(await sb.admin.stats()).toMatchObject({ requests: 9, rejected: 0 });
    const state = JSON.parse(readFileSync(rateStatePath(configDir, sb.baseUrl, sb.apiKey), 'utf8'));
    expect(state.serverLimit).toBe(3);
    for (const slot of state.slots) expect(slot.doneAt).toBeGreaterThanOrEqual(slot.sentAt);
  });

  // Real processes: what one learns of the server's cap, the next one reads from the state file.
  test('not told the cap (30/60s against a server at 3/1s), every request still succeeds', async () => {
    const sb = await serve({ rateLimit: '3/1s' });
    const configDir = tempDir();
    const codes = await Promise.all([1, 2].map(() => loop(sb, configDir, 4, [])));
    expect(codes.flat()).toEqual(Array(8).fill(0));
    const limits = await runInProcess(['limits', '--json'], { env: envFor(sb), configDir });
    expect(JSON.parse(limits.stdout)).toMatchObject({ source: 'server', configured: '30/60s' });
    expect(JSON.parse(limits.stdout).rate_limit).toMatch(/^3\//);
  });
});

/**
 * A server and a run of shorty (in this process) on one simulated clock that moves only when the
 * run sleeps: the budget spent by another client makes the refusal certain, and the wait the run
 * announces is what ends the server's window, with no real time spent.
 */
async function sharedClockServer(rateLimit: string, rateLimitStatus: 200 | 429 = 200) {
  let t = Date.now();
  const sb = await serve({ rateLimit, rateLimitStatus, now: () => t });
  await spendServerBudget(sb, Number(rateLimit.split('/')[0]));
  const clock: Pick<InProcessOptions, 'now' | 'sleep'> = {
    now: () => t,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      t += Math.max(0, ms);
    },
  };
  return { sb, shorty: (args: string[]) => runInProcess(args, { env: envFor(sb), configDir: tempDir(), ...clock }) };
}

describe('rate-limit answers from the server', () => {
  test.each([
    ['HTTP 200 with body error 429', 200 as const],
    ['plain HTTP 429', 429 as const],
  ])('%s is waited for and retried', async (_name, status) => {
    const { sb, shorty } = await sharedClockServer('2/1s', status);
    const res = await shorty(['api', 'GET', '/account', '--json']);
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.stdout).data).toHaveProperty('email');
    expect(res.stderr).toBe('waiting 1s for the rate limit…\n');
    expect(await sb.admin.stats()).toMatchObject({ requests: 4, rejected: 1 });
  });

  test('a POST refused for the rate limit is retried too', async () => {
    const { sb, shorty } = await sharedClockServer('1/1s');
    const res = await shorty(['api', 'POST', '/channel/add', '-f', 'name=Launch']);
    expect(res.exitCode).toBe(0);
    const posts = (await sb.admin.requests()).filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
  });

  test('three refusals in a row end with exit 4', async () => {
    const clock = { t: Date.now() };
    const sb = await serve({ rateLimit: '1/1s', now: () => clock.t });
    await spendServerBudget(sb, 1);
    // The server's clock stands still, so every wait of the client can pass without real time.
    const res = await runInProcess(['api', 'GET', '/account'], {
      env: envFor(sb),
      configDir: tempDir(),
      ...simulatedClock(),
    });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain('shorty: rate limit: the server still refused after 3 retries');
    expect(await sb.admin.stats()).toMatchObject({ requests: 5, rejected: 4 });
  });

  test('--no-wait turns a server refusal into exit 4', async () => {
    const { shorty } = await sharedClockServer('1/2s');
    const res = await shorty(['api', 'GET', '/account', '--no-wait']);
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toMatch(/^shorty: rate limited: the server refused .*\nhint: /);
  });
});

describe('the client budget', () => {
  test('--no-wait exits 4 without sending when the local budget is spent', async () => {
    const sb = await serve({ rateLimit: '1/30s' });
    const configDir = tempDir();
    expect((await account(sb, configDir, ['--rate-limit', '1/30s'])).exitCode).toBe(0);
    const res = await account(sb, configDir, ['--rate-limit', '1/30s', '--no-wait']);
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain('the next request is possible in');
    expect((await sb.admin.stats()).requests).toBe(1);
  });

  test('shorty limits shows the budget and sends nothing', async () => {
    const sb = await serve({ rateLimit: '100/60s' });
    const configDir = tempDir();
    await account(sb, configDir, ['--rate-limit', '3/30s']);
    await sb.admin.reset();
    const res = await runInProcess(['limits', '--json', '--rate-limit', '3/30s'], { env: envFor(sb), configDir });
    expect(res.exitCode).toBe(0);
    // The server announced 100: a cap the user set is a ceiling it cannot raise.
    expect(JSON.parse(res.stdout)).toMatchObject({
      rate_limit: '3/30s',
      source: 'configured',
      used: 1,
      remaining: 2,
      configured: '3/30s',
      configured_by: '--rate-limit',
      server: '100/30s',
    });
    // With no cap given, the server's replaces the default one.
    const followed = await runInProcess(['limits', '--json'], { env: envFor(sb), configDir });
    // (the server's window is estimated from its reset, in whole seconds: a few ms either way)
    expect(JSON.parse(followed.stdout)).toMatchObject({
      source: 'server',
      remaining: 99,
      configured: '30/60s',
      configured_by: 'default',
    });
    expect(JSON.parse(followed.stdout)).toMatchObject({
      rate_limit: expect.stringMatching(/^100\//),
      server: expect.stringMatching(/^100\//),
    });
    expect((await runInProcess(['limits', '-q'], { env: envFor(sb), configDir })).stdout).toBe('99\n');
    // Scripts get whole milliseconds, named so; people get every value with its unit.
    expect(JSON.parse(followed.stdout).resets_in_ms).toSatisfy((n: number) => Number.isInteger(n) && n > 1000);
    expect(JSON.parse(followed.stdout)).not.toHaveProperty('resets_in');
    const table = await runInProcess(['limits'], {
      env: envFor(sb, { NO_COLOR: '1', LANG: 'C.UTF-8' }),
      configDir,
      terminalColumns: 80,
    });
    expect(table.stdout).toMatch(/│ rate limit +│ 100 per \d+s \(the server's cap\) +│/);
    expect(table.stdout).toMatch(/│ next request +│ now +│/);
    expect(table.stdout).toMatch(/│ resets in +│ (\d+(\.\d)?s|1m) +│/);
    expect(table.stdout).toMatch(/│ configured +│ 30 per 60s \(default\) +│/);
    expect(table.stdout).not.toMatch(/\d+ms|\d+\/\d+/);
    const fromEnv = await runInProcess(['limits', '--json'], {
      env: envFor(sb, { SHORTY_RATE_LIMIT: '2/30s' }),
      configDir,
    });
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({
      rate_limit: '2/30s',
      remaining: 1,
      configured_by: 'SHORTY_RATE_LIMIT',
    });
    expect((await sb.admin.stats()).requests).toBe(0);
  });

  test("an explicit cap is a ceiling: the server's higher one does not raise it", async () => {
    const sb = await serve({ rateLimit: '30/60s' });
    const configDir = tempDir();
    const sleeps: number[] = [];
    let t = Date.now();
    const clock = {
      now: () => t,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        t += ms;
      },
    };
    for (let i = 0; i < 3; i++) {
      const res = await runInProcess(['api', 'GET', '/account', '--rate-limit', '2/1s'], {
        env: envFor(sb),
        configDir,
        ...clock,
      });
      expect(res.exitCode).toBe(0);
    }
    // The third request waited for the 1 s window of the explicit 2/1s, although the server allows 30.
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(990);
    expect(await sb.admin.stats()).toMatchObject({ requests: 3, rejected: 0 });
  });

  test('a lock left by a killed process (no longer kept fresh) does not block', async () => {
    const sb = await serve({ rateLimit: '100/60s' });
    const configDir = tempDir();
    expect((await account(sb, configDir)).exitCode).toBe(0);
    const lock = `${rateStatePath(configDir, sb.baseUrl, sb.apiKey)}.lock`;
    mkdirSync(lock);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    expect((await account(sb, configDir)).exitCode).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  test('a loop of processes told the cap: the one past it waits, and Ctrl-C during the wait exits 130 at once', async () => {
    // Real processes: the budget is shared through the state file, and Ctrl-C is a signal. A window
    // of ten minutes: the wait is still most of it however long the processes took to start, so
    // what it states does not depend on the machine's speed, and no test waits for it to pass.
    const sb = await serve({ rateLimit: '2/600s' });
    const configDir = tempDir();
    expect(await loop(sb, configDir, 2, ['--rate-limit', '2/600s'])).toEqual([0, 0]);
    const { child, result } = startCli(['api', 'GET', '/account', '--rate-limit', '2/600s'], {
      env: envFor(sb),
      configDir,
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('for the rate limit')) child.kill('SIGINT');
    });
    const stopped = await result;
    expect(stopped.stderr).toMatch(/waiting (9m [0-5]\ds|10m( 00s)?) for the rate limit…\n/);
    expect(stopped.exitCode).toBe(130);
    expect(await sb.admin.stats()).toMatchObject({ requests: 2, rejected: 0 });
  });
});
