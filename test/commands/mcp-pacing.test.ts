// Tool calls are paced by the CLI's limiter (the same shared store as every other shorty
// process): a burst of calls against a server capped at 30 a minute is spread out, not refused;
// a call whose wait would pass --max-wait answers "rate limited" with the seconds to wait. The
// sandbox and the client share a virtual clock, so a minute's window passes without waiting.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { data, failure, type McpSession, startMcp, virtualClock } from '../helpers/mcp.js';
import { type StartedSandbox, startSandbox } from '../helpers/sandbox.js';

let sandbox: StartedSandbox;
let mcp: McpSession | undefined;
let clock: ReturnType<typeof virtualClock>;

beforeEach(async () => {
  clock = virtualClock();
  sandbox = await startSandbox({ rateLimit: '30/60s', now: clock.now });
});
afterEach(async () => {
  await mcp?.close();
  await sandbox.close();
});

const burst = (session: McpSession, n: number) => {
  const calls = Array.from({ length: n }, () => session.call('links_list', { limit: 1 }));
  return Promise.all(calls.map((call) => clock.track(call)));
};

/** `shorty mcp` on the sandbox, on the test's clock, waiting at most `maxWaitMs` for the limiter. */
const paced = (maxWaitMs: number) =>
  startMcp({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, maxWaitMs, now: clock.now, sleep: clock.sleep });

describe('pacing', () => {
  it('50 calls at once against a 30/min server: every one answered, none refused by the server', async () => {
    mcp = await paced(120_000);
    const started = clock.now();
    const results = await burst(mcp, 50);
    expect(results.filter((r) => r.isError)).toEqual([]);
    const stats = await sandbox.admin.stats();
    expect(stats).toMatchObject({ requests: 50, rejected: 0 });
    // The 31st request had to wait for the window: the calls were spread over more than a minute.
    expect(clock.now() - started).toBeGreaterThanOrEqual(60_000);
  });

  it('a call that would wait past --max-wait answers rate limited, with the seconds to wait, at once', async () => {
    mcp = await paced(10_000);
    const started = clock.now();
    const results = await burst(mcp, 50);
    const refused = results.filter((r) => r.isError).map(failure);
    expect(results.length - refused.length).toBe(30);
    expect(refused).toHaveLength(20);
    for (const f of refused) {
      expect(f).toMatchObject({ error: 'rate_limited', exitCode: 4 });
      expect(f.retryAfterSeconds).toBeGreaterThan(10);
      expect(f.retryAfterSeconds).toBeLessThanOrEqual(62);
      expect(f.hint).toBe(`try again in ${f.retryAfterSeconds} s (client cap 30/60s)`);
    }
    expect(clock.now() - started).toBeLessThan(10_000);
    expect(await sandbox.admin.stats()).toMatchObject({ requests: 30, rejected: 0 });
    // The server itself goes on: a call after the wait works.
    await clock.sleep(refused[0].retryAfterSeconds * 1000);
    expect(data(await mcp.call('links_list', { limit: 1 })).items).toEqual([]);
  });
});

describe('a long import', () => {
  it('stops when a wait would pass --max-wait, and the same call resumes from its journal', async () => {
    await sandbox.close();
    sandbox = await startSandbox({ rateLimit: '5/60s', now: clock.now });
    mcp = await paced(10_000);
    const rows = Array.from({ length: 8 }, (_, i) => ({ url: `https://example.com/long/${i}` }));
    const first = await clock.track(mcp.call('import_run', { rows, confirm: true }));
    const stopped = failure(first);
    expect(stopped).toMatchObject({ error: 'rate_limited' });
    const made = (await sandbox.admin.stats()).links;
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(8);
    await clock.sleep(stopped.retryAfterSeconds * 1000);
    const again = data(await clock.track(mcp.call('import_run', { rows, confirm: true })));
    expect(again.exitCode).toBe(0);
    expect(await sandbox.admin.stats()).toMatchObject({ links: 8, rejected: 0 });
  });
});

describe('--max-wait bounds a whole call', () => {
  it('waits that each fit but together pass it stop the call, which says what was done and when to call again', async () => {
    await sandbox.close();
    sandbox = await startSandbox({ rateLimit: '5/60s', now: clock.now });
    mcp = await paced(100_000);
    const rows = Array.from({ length: 16 }, (_, i) => ({ url: `https://example.com/bound/${i}` }));
    const started = clock.now();
    const stopped = failure(await clock.track(mcp.call('import_run', { rows, confirm: true })));
    // One wait of a minute fits in 100 s; a second would end past it, so the call ends before it.
    expect(clock.now() - started).toBeLessThan(100_000);
    expect(stopped).toMatchObject({ error: 'rate_limited', exitCode: 4 });
    expect(stopped.message).toMatch(/; 10 rows done$/);
    expect(stopped.retryAfterSeconds).toBeGreaterThan(0);
    expect(await sandbox.admin.stats()).toMatchObject({ links: 10, rejected: 0 });
  });
});
