// Interruption: Ctrl-C (SIGINT) during an import and during a rate-limit wait exits 130 at once
// (SIGTERM 143), leaves a journal that is whole, and the resumed runs end with exactly N links on
// the server. A second signal ends the run at once.
// The interrupted runs spawn the built CLI: a signal is sent to a process. Reruns and set-up runs,
// which only read what the interrupted run left, run in-process.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startCli, tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess, simulatedClock } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const dir = tempDir('shorty-interrupt-');
let sandbox: StartedSandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function inputOf(name: string, n: number): { path: string; urls: string[] } {
  const urls = Array.from({ length: n }, (_, i) => `https://${name}.example/${i + 1}`);
  const path = join(dir, `${name}.txt`);
  writeFileSync(path, `${urls.join('\n')}\n`);
  return { path, urls };
}

/** Every journal line is a whole JSON record (nothing torn by the interruption). */
function journalRecords(path: string): { status: string; url: string; id?: number }[] {
  // The outcomes: each create's intent (`sending`) comes before its outcome.
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((r) => r.status !== undefined && r.status !== 'sending');
}

/** The long URLs the server created, in the order it answered (a `slow` fault still creates). */
async function createdUrls(sb: StartedSandbox): Promise<string[]> {
  const posts = (await sb.admin.requests()).filter((r) => r.method === 'POST' && r.status === 200 && !r.rateLimited);
  return posts.map((r) => (r.body as { url: string }).url);
}

/** Runs the CLI and sends SIGINT the first time `ready(stdout, stderr)` holds. */
async function interruptWhen(
  args: string[],
  env: Record<string, string>,
  configDir: string,
  ready: (stdout: string, stderr: string) => boolean | Promise<boolean>,
): Promise<CliResult & { interrupted: boolean }> {
  const { child, result } = startCli(args, { env, configDir });
  let stdout = '';
  let stderr = '';
  let interrupted = false;
  // One check at a time: two overlapping checks could both send SIGINT, and a second Ctrl-C
  // means "exit now", without the summary this test reads.
  // Once started, the check polls until it holds or the run ends, so a moment that comes between
  // two writes of the child is not missed.
  let checking = false;
  let exited = false;
  void result
    .finally(() => {
      exited = true;
    })
    .catch(() => {});
  const check = async () => {
    if (interrupted || checking) return;
    checking = true;
    while (!interrupted && !exited) {
      if (await ready(stdout, stderr)) {
        interrupted = true;
        child.kill('SIGINT');
      } else {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    void check();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    void check();
  });
  return { ...(await result), interrupted };
}

describe('Ctrl-C during urls import --journal', () => {
  test('while a request is in flight: it is awaited and journaled, exit 130, the rerun creates exactly the rest', async () => {
    sandbox = await startSandbox();
    const sb = sandbox;
    const { path, urls } = inputOf('inflight', 5);
    const journal = join(dir, 'inflight.journal');
    // 3/1s: one row at a time. The first request is answered after 1 s.
    const args = ['urls', 'import', path, '--journal', journal, '--rate-limit', '3/1s', '-o', 'ndjson'];
    const env = { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey };
    await sb.admin.fault('slow', { count: 1, delayMs: 1000 });
    // The server took the fault off when the request arrived: it is in flight now.
    const inFlight = async () =>
      ((await (await fetch(`${sb.baseUrl}/__sandbox/faults`)).json()) as { mode: unknown }).mode === null;
    const stopped = await interruptWhen(
      args,
      env,
      tempDir('shorty-config-'),
      async (_out, err) => err.includes('5 rows') && inFlight(),
    );

    expect(stopped.interrupted).toBe(true);
    expect(stopped.exitCode, stopped.stderr).toBe(130);
    // The slow row, and any other already on the wire, finished and were journaled before the exit.
    const done = journalRecords(journal);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.length).toBeLessThan(5);
    expect(stopped.stderr).toMatch(
      new RegExp(
        `^interrupted: ${done.length} ok in .*${5 - done.length} rows not sent; run the same command again`,
        'm',
      ),
    );
    expect(done.map((r) => r.status)).toEqual(done.map(() => 'ok'));
    expect(done[0]).toMatchObject({ url: urls[0], id: expect.any(Number) });
    expect((await createdUrls(sb)).sort()).toEqual(done.map((r) => r.url).sort());

    // The client's own 3/1s waits on a simulated clock: the sandbox's cap (30/60s) is far away.
    const rerun = await runInProcess(args, { env, configDir: tempDir('shorty-config-'), ...simulatedClock() });
    expect(rerun.exitCode, rerun.stderr).toBe(0);
    expect(
      rerun.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).status),
    ).toEqual(urls.map((_, i) => (i < done.length ? 'skipped' : 'ok')));
    expect((await createdUrls(sb)).sort()).toEqual([...urls].sort());
    expect((await sb.admin.stats()).links).toBe(5);
  });

  test('interrupted in every rate-limit wait, the resumed runs end with exactly N links', async () => {
    // The server at the same cap: its X-RateLimit headers are what make the client wait.
    sandbox = await startSandbox({ rateLimit: '2/30s' });
    const sb = sandbox;
    const n = 7;
    const { path, urls } = inputOf('waits', n);
    const journal = join(dir, 'waits.journal');
    // Two rows, then a wait of about 30 s: Ctrl-C must end it at once (or the run times out).
    const args = ['urls', 'import', path, '--journal', journal, '--rate-limit', '2/30s', '-o', 'ndjson'];
    const env = { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey };
    const runs: (CliResult & { interrupted: boolean })[] = [];
    const created: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      // A fresh config folder and server window each time: a new budget, as if the user came back later.
      created.push(...(await createdUrls(sb)));
      await sb.admin.reset();
      const run = await interruptWhen(args, env, tempDir('shorty-config-'), (_out, err) =>
        /waiting \d+s for the rate limit/.test(err),
      );
      runs.push(run);
      const records = journalRecords(journal);
      expect(records.every((r) => r.status === 'ok')).toBe(true);
      expect((await sb.admin.stats()).links).toBe(records.length);
      if (!run.interrupted) break;
      expect(run.exitCode, run.stderr).toBe(130);
      expect(run.stderr).toMatch(
        /^interrupted: .*rows not sent; run the same command again \(same --journal\) to resume$/m,
      );
    }
    expect(runs.map((r) => r.exitCode)).toEqual([130, 130, 130, 0]);
    created.push(...(await createdUrls(sb)));
    expect(created).toEqual(urls);
    expect((await sb.admin.stats()).links).toBe(n);
    expect(journalRecords(journal).map((r) => r.url)).toEqual(urls);
  });
});

describe('Ctrl-C during a rate-limit wait of a single command', () => {
  test('exits 130 at once with one line, and sends nothing more', async () => {
    sandbox = await startSandbox({ rateLimit: '1/60s' });
    const sb = sandbox;
    const env = { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey, SHORTY_RATE_LIMIT: '1/60s' };
    const configDir = tempDir('shorty-config-');
    expect((await runInProcess(['urls', 'list'], { env, configDir })).exitCode).toBe(0);
    const run = await interruptWhen(['urls', 'add', 'https://example.com/late'], env, configDir, (_o, err) =>
      err.includes('for the rate limit'),
    );
    expect(run.exitCode).toBe(130);
    expect(run.stderr).toMatch(/^shorty: interrupted$/m);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(await sb.admin.stats()).toMatchObject({ requests: 1, links: 0 });
  });
});

describe('SIGTERM, and a second signal', () => {
  /**
   * Runs the CLI and sends `signals` once `ready(stderr)` holds (asked on each output, and every
   * 50 ms); with `againEveryMs`, the last signal again until the run ends.
   */
  async function signalWhen(
    args: string[],
    env: Record<string, string>,
    signals: NodeJS.Signals[],
    ready: (stderr: string) => boolean | Promise<boolean>,
    againEveryMs?: number,
    input?: string,
  ): Promise<CliResult> {
    const { child, result } = startCli(args, { env, input });
    let stderr = '';
    let sent = false;
    let again: NodeJS.Timeout | undefined;
    const check = async () => {
      if (sent || !(await ready(stderr)) || sent) return;
      sent = true;
      for (const signal of signals) child.kill(signal);
      if (againEveryMs) again = setInterval(() => child.kill(signals.at(-1)), againEveryMs);
    };
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      void check();
    });
    const poll = setInterval(() => void check(), 50);
    try {
      return await result;
    } finally {
      clearInterval(poll);
      clearInterval(again);
    }
  }

  test('SIGTERM during an import exits 143 (not 130), after the rows sent are journaled', async () => {
    sandbox = await startSandbox({ rateLimit: '2/30s' });
    const sb = sandbox;
    const { path } = inputOf('term', 5);
    const journal = join(dir, 'term.journal');
    const env = { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey };
    const run = await signalWhen(
      ['urls', 'import', path, '--journal', journal, '--rate-limit', '2/30s', '-o', 'ndjson'],
      env,
      ['SIGTERM'],
      (err) => /waiting \d+s for the rate limit/.test(err),
    );
    expect(run.exitCode, run.stderr).toBe(143);
    expect(run.stderr).toMatch(
      /^terminated: 2 ok in .*; 3 rows not sent; run the same command again \(same --journal\) to resume$/m,
    );
    expect(journalRecords(journal)).toHaveLength(2);
    expect((await sb.admin.stats()).links).toBe(2);
  });

  test.each([
    ['SIGHUP', 129, 'hung up'],
    ['SIGQUIT', 131, 'quit'],
  ] as const)(
    '%s ends an import as SIGTERM does: summary, journal, --failed-out, no spool, temp file or lock left',
    async (signal, code, said) => {
      sandbox = await startSandbox({ rateLimit: '2/30s' });
      const sb = sandbox;
      const tmp = tempDir('shorty-tmp-');
      const journal = join(dir, `${signal}.journal`);
      const failedOut = join(dir, `${signal}-failed.csv`);
      const run = await signalWhen(
        [
          'urls',
          'import',
          '-',
          '--journal',
          journal,
          '--failed-out',
          failedOut,
          '--rate-limit',
          '2/30s',
          '-o',
          'ndjson',
        ],
        { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey, TMPDIR: tmp },
        [signal],
        (err) => /waiting \d+s for the rate limit/.test(err),
        undefined,
        'url\nhttps://hup.example/1\nnot a url\nhttps://hup.example/2\nhttps://hup.example/3\n',
      );
      expect(run.exitCode, run.stderr).toBe(code);
      expect(run.stderr).toMatch(
        new RegExp(`^${said}: 2 ok, 1 invalid in .*; 1 rows not sent; run the same command again`, 'm'),
      );
      expect(journalRecords(journal)).toHaveLength(3);
      expect(readFileSync(failedOut, 'utf8')).toContain('not a url');
      expect(readdirSync(tmp)).toEqual([]);
      expect(existsSync(`${journal}.lock`)).toBe(false);
      expect((await sb.admin.stats()).links).toBe(2);
    },
  );

  test('a second SIGTERM while a request is in flight exits 143 at once', async () => {
    sandbox = await startSandbox();
    const sb = sandbox;
    // The server holds the answer for 60 s: only the second signal can end the run in time.
    await sb.admin.fault('slow', { count: 1, delayMs: 60_000 });
    const inFlight = async () =>
      ((await (await fetch(`${sb.baseUrl}/__sandbox/faults`)).json()) as { mode: unknown }).mode === null;
    const { path } = inputOf('twice', 3);
    const env = { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey };
    // Signals sent at once can merge into one: SIGTERM goes on until the run ends.
    const run = await signalWhen(
      ['urls', 'import', path, '--rate-limit', '3/1s'],
      env,
      ['SIGTERM', 'SIGTERM'],
      async (err) => err.includes('3 rows') && inFlight(),
      100,
    );
    expect(run.exitCode, run.stderr).toBe(143);
  });
});
