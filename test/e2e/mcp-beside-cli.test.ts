// --max-wait bounds a whole tool call, not each of its waits, also when another shorty process
// spends the same key's budget: a built-CLI `urls import` holds the shared window (the same
// config folder, so the same rate state file) while an in-process `links_add` of several URLs
// runs on a clock of the test's, whose waits pass at once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli, tempDir } from '../helpers/cli.js';
import { failure, type McpSession, startMcp } from '../helpers/mcp.js';
import { type StartedSandbox, startSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

let sandbox: StartedSandbox;
let mcp: McpSession | undefined;

afterEach(async () => {
  await mcp?.close();
  await sandbox.close();
});

describe('--max-wait beside a CLI process of the same key', () => {
  it('links_add of several stops when its next wait would pass the bound of the whole call, saying what was done', async () => {
    sandbox = await startSandbox();
    const configDir = tempDir('shorty-mcp-beside-');
    const env = { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey, SHORTY_RATE_LIMIT: '3/60s' };
    const csv = join(configDir, 'links.csv');
    writeFileSync(csv, `url\n${Array.from({ length: 6 }, (_, i) => `https://example.com/cli/${i}`).join('\n')}\n`);
    const { child, result } = startCli(['urls', 'import', csv], { env, configDir });
    let cliErr = '';
    child.stderr!.on('data', (chunk: Buffer) => (cliErr += chunk.toString()));
    try {
      // The import has spent the window and waits for it: the shared budget is the CLI's.
      await until(() => /waiting .* for the rate limit/.test(cliErr));
      const byCli = (await sandbox.admin.stats()).links;
      let offset = 0;
      const now = () => Date.now() + offset;
      mcp = await startMcp({
        baseUrl: sandbox.baseUrl,
        apiKey: sandbox.apiKey,
        rateLimit: '3/60s',
        configDir,
        maxWaitMs: 100_000,
        now,
        sleep: async (ms) => void (offset += ms),
      });
      const urls = Array.from({ length: 6 }, (_, i) => `https://example.com/mcp/${i}`);
      const started = now();
      const stopped = failure(await mcp.call('links_add', { urls }));
      // A first wait of about a minute fits; the next, as long, fits --max-wait alone but would
      // end the call past it: the call ends before it.
      expect(now() - started).toBeLessThan(100_000);
      expect(now() - started).toBeGreaterThan(30_000);
      expect(stopped).toMatchObject({ error: 'rate_limited', exitCode: 4 });
      expect(stopped.retryAfterSeconds).toBeGreaterThan(0);
      expect(stopped.retryAfterSeconds).toBeLessThan(100);
      expect(stopped.done).toMatchObject({ done: 3, failed: 0 });
      expect(stopped.done.results.map((r: { item: string }) => r.item)).toEqual(urls.slice(0, 3));
      expect((await sandbox.admin.stats()).links).toBe(byCli + 3);
    } finally {
      child.kill('SIGTERM');
      await result;
    }
  });
});
