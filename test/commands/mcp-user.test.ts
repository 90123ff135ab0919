// The user stays in charge of `shorty mcp`, driven by the SDK client in-process: a client with
// elicitation asks the user before a delete, a retarget, an assign or an import (accepted, declined,
// cancelled), whatever the model's confirm says; a client without it needs confirm: true. A long
// import reports progress and stops when the client cancels it; the same call resumes it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { until } from '../helpers/until.js';
import { data, failure, type McpSession, startMcp } from '../helpers/mcp.js';
import { type StartedSandbox, startSandbox } from '../helpers/sandbox.js';

let sandbox: StartedSandbox;
const sessions: McpSession[] = [];

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
  await sandbox?.close();
});

describe('confirmation by the user (elicitation)', () => {
  beforeEach(async () => {
    sandbox = await startSandbox();
  });
  const start = async (opts: Partial<Parameters<typeof startMcp>[0]> = {}) => {
    const session = await startMcp({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, ...opts });
    sessions.push(session);
    return session;
  };

  it('accepted: the form names what will change, then the call goes on', async () => {
    const mcp = await start({ elicit: 'accept' });
    data(await mcp.call('links_add', { urls: ['https://example.com/a'], custom: 'ask-a' }));
    data(await mcp.call('links_add', { urls: ['https://example.com/b'], custom: 'ask-b' }));
    expect(mcp.asked).toEqual([]);
    const deleted = data(await mcp.call('links_delete', { links: ['ask-a', 'ask-b'] }));
    expect(deleted).toMatchObject({ done: 2, failed: 0 });
    expect(mcp.asked).toEqual(['links_delete will delete 2 links: ask-a, ask-b. Go ahead?']);
  });

  it('declined or cancelled: nothing is sent and the result says so, even with confirm: true', async () => {
    for (const answer of ['decline', 'cancel'] as const) {
      const mcp = await start({ elicit: answer });
      data(await mcp.call('links_add', { urls: ['https://example.com/keep'], custom: `keep-${answer}` }));
      data(await mcp.call('campaigns_add', { name: `Camp ${answer}` }));
      const before = (await sandbox.admin.stats()).requests;
      const calls = [
        ['links_delete', { links: [`keep-${answer}`], confirm: true }],
        ['links_update', { link: `keep-${answer}`, url: 'https://evil.example/', confirm: true }],
        ['campaigns_assign', { target: `Camp ${answer}`, links: [`keep-${answer}`] }],
        ['import_run', { rows: [{ url: 'https://example.com/i' }], confirm: true }],
      ] as const;
      for (const [tool, args] of calls) {
        const f = failure(await mcp.call(tool, args));
        expect(f.error, tool).toBe('declined');
        expect(f.message, tool).toMatch(
          answer === 'decline'
            ? /^nothing was done: the user declined to /
            : /^nothing was done: the user did not agree to /,
        );
      }
      expect(mcp.asked.map((m) => m.split(' ')[0])).toEqual(calls.map(([tool]) => tool));
      expect(mcp.asked[1]).toBe(
        `links_update will change where the link keep-${answer} leads: its long URL to https://evil.example/. Go ahead?`,
      );
      expect(mcp.asked[2]).toBe(
        `campaigns_assign will move 1 link: keep-${answer} to the campaign Camp ${answer}. Go ahead?`,
      );
      expect((await sandbox.admin.stats()).requests, answer).toBe(before);
    }
  });

  it('a client without elicitation: confirm: true is the rule, and an assign goes on as before', async () => {
    const mcp = await start();
    data(await mcp.call('links_add', { urls: ['https://example.com/n'], custom: 'no-elicit' }));
    data(await mcp.call('campaigns_add', { name: 'Plain' }));
    expect(failure(await mcp.call('links_delete', { links: ['no-elicit'] })).error).toBe('not_confirmed');
    expect(data(await mcp.call('campaigns_assign', { target: 'Plain', links: ['no-elicit'] })).done).toBe(1);
    expect(data(await mcp.call('links_delete', { links: ['no-elicit'], confirm: true })).done).toBe(1);
  });
});

describe('a long import: progress, cancellation, and the same call again', () => {
  it('reports rows and waits, stops before its next request when cancelled, and resumes every row once', async () => {
    // The sandbox and the server share a clock whose waits last until cancelled, then pass at once.
    let offset = 0;
    let held = true;
    const now = () => Date.now() + offset;
    const sleep = (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        if (!held || ms <= 0) return resolve();
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    sandbox = await startSandbox({ rateLimit: '5/60s', now });
    const mcp = await startMcp({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      rateLimit: '5/60s',
      maxWaitMs: 600_000,
      now,
      sleep,
    });
    sessions.push(mcp);
    const rows = Array.from({ length: 8 }, (_, i) => ({ url: `https://example.com/paced/${i}` }));
    const seen: Progress[] = [];
    const cancel = new AbortController();
    const first = mcp.client.callTool({ name: 'import_run', arguments: { rows, confirm: true } }, undefined, {
      signal: cancel.signal,
      onprogress: (progress) => {
        seen.push(progress);
        if (/^waiting \d+ s before the next request$/.test(progress.message ?? '')) cancel.abort('the user stopped it');
      },
    });
    await expect(first).rejects.toThrow();
    await until(() => mcp.io.err().includes('import_run stopped: cancelled by the client'));
    expect(seen.filter((p) => p.total === 8 && /^[1-5] of 8 rows done$/.test(p.message ?? ''))).not.toEqual([]);
    expect(seen.map((p) => p.progress)).toEqual([...seen.map((p) => p.progress)].sort((a, b) => a - b));
    expect((await sandbox.admin.stats()).links).toBe(5);

    held = false;
    offset += 120_000;
    const again = data(await mcp.call('import_run', { rows, confirm: true }));
    expect(again.exitCode).toBe(0);
    const made = (await sandbox.api('GET', '/urls?limit=50')).json.data.urls as { longurl: string }[];
    expect(made.map((u) => u.longurl).sort()).toEqual(rows.map((r) => r.url).sort());
  });
});
