// Every tool call that may wait, not only an import, reports its waits as progress when the
// request carries a progress token, and a call on several items stops before its next request
// when the client cancels it. In-process, the SDK client on a sandbox paced by the CLI's limiter.
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { data, type McpSession, startMcp, virtualClock } from '../helpers/mcp.js';
import { type StartedSandbox, startSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

let sandbox: StartedSandbox;
let mcp: McpSession | undefined;

afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  await sandbox.close();
});

describe('progress of any call that waits', () => {
  it('links_get waiting for the rate limit tells the client of the wait, then answers', async () => {
    const clock = virtualClock();
    sandbox = await startSandbox({ now: clock.now });
    const made = await sandbox.api('POST', '/url/add', { url: 'https://example.com/waited' });
    const id = String(made.json.id);
    mcp = await startMcp({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      rateLimit: '1/60s',
      maxWaitMs: 600_000,
      now: clock.now,
      sleep: clock.sleep,
    });
    data(await clock.track(mcp.call('links_get', { link: id })));
    const seen: Progress[] = [];
    const second = mcp.client.callTool({ name: 'links_get', arguments: { link: id } }, undefined, {
      onprogress: (progress) => void seen.push(progress),
    });
    const answer = await clock.track(second);
    expect(JSON.stringify(data(answer as never))).toContain('https://example.com/waited');
    expect(seen.map((p) => p.message)).toContainEqual(
      expect.stringMatching(/^waiting (59|60|61) s before the next request$/),
    );
  });

  it('without a progress token nothing is sent, and the call still waits and answers', async () => {
    const clock = virtualClock();
    sandbox = await startSandbox({ now: clock.now });
    mcp = await startMcp({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      rateLimit: '1/60s',
      maxWaitMs: 600_000,
      now: clock.now,
      sleep: clock.sleep,
    });
    const heard: unknown[] = [];
    mcp.client.fallbackNotificationHandler = async (n) => void heard.push(n);
    data(await clock.track(mcp.call('links_list', { limit: 1 })));
    data(await clock.track(mcp.call('links_list', { limit: 1 })));
    expect(heard).toEqual([]);
  });
});

describe('cancellation of a call on several items', () => {
  it('links_delete of three, cancelled after the first deletion the sandbox saw, sends no more', async () => {
    // Waits pass at once (the clock moves on) until the sandbox has seen a deletion; then they
    // last until the call is stopped.
    let offset = 0;
    const now = () => Date.now() + offset;
    sandbox = await startSandbox({ now });
    const deletions = async () => (await sandbox.admin.requests()).filter((r) => r.method === 'DELETE');
    const sleep = async (ms: number, signal?: AbortSignal) => {
      if ((await deletions()).length === 0) {
        offset += ms;
        return;
      }
      await new Promise<void>((_, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    };
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push(String((await sandbox.api('POST', '/url/add', { url: `https://example.com/rm/${n}` })).json.id));
    mcp = await startMcp({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      rateLimit: '1/60s',
      maxWaitMs: 3_600_000,
      now,
      sleep,
    });
    const session = mcp;
    const cancel = new AbortController();
    const call = session.client.callTool(
      { name: 'links_delete', arguments: { links: ids, confirm: true } },
      undefined,
      {
        signal: cancel.signal,
      },
    );
    call.catch(() => {});
    await until(async () => (await deletions()).length > 0);
    cancel.abort('the user stopped it');
    await expect(call).rejects.toThrow();
    await until(() => session.io.err().includes('links_delete stopped: cancelled by the client'));
    expect(await deletions()).toHaveLength(1);
    const left = await Promise.all(ids.map((id) => sandbox.api('GET', `/url/${id}`)));
    expect(left.map((r) => r.status === 200 && !r.json.error)).toEqual([false, true, true]);
  });
});
