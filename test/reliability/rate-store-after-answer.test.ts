// A rate store that fails after a request was answered (Redis restarted while the answer came
// back) must not cost the answer: the caller gets it, and the request is not sent again. Lost, the
// answer made `urls add` fail for a link it had made (a retry by hand would make a second).
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport } from '../../src/api/http.js';
import type { Limiter } from '../../src/api/limiter.js';
import type { Settings } from '../../src/settings/types.js';
import { createSecrets } from '../../src/util/secrets.js';
import { createTestIO } from '../../src/io.js';
import { type StartedSandbox, startSandbox } from '../helpers/sandbox.js';

let sandbox: StartedSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A limiter whose store is gone once a request is on the wire: every later note of it fails. */
function storeLostAfterSend(): Limiter & { acquired: number } {
  return {
    acquired: 0,
    async acquire() {
      this.acquired += 1;
    },
    async observe() {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    },
    async backoff() {},
    async snapshot() {
      throw new Error('not used');
    },
  };
}

describe('the rate store fails after the answer', () => {
  it('a POST answered: its answer is returned, and it is sent once', async () => {
    sandbox = await startSandbox();
    const limiter = storeLostAfterSend();
    const transport = await createTransport({
      settings: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, timeoutMs: 10_000 } as Settings,
      limiter,
      secrets: createSecrets(),
      signal: new AbortController().signal,
      io: await createTestIO(),
      now: () => Date.now(),
      sleep: async () => {},
    });
    const res = await transport.send({
      method: 'POST',
      url: `${sandbox.baseUrl}/api/url/add`,
      headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/answered-once' }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ error: 0 });
    const posts = (await sandbox.admin.requests()).filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(limiter.acquired).toBe(1);
    await transport.close();
  });
});
