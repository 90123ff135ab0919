// Short links on another origin than the API (a short domain of the service's own, or an API
// reached through a gateway): `--if-exists skip` still knows an alias that already leads to the
// row's URL, and a create whose answer broke is found there, learning where the account's short
// links live from the server's own answers.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const SHORT = 'https://sho.rt';
let sandbox: StartedSandbox;
const dir = tempDir('shorty-short-origin-');

beforeAll(async () => {
  sandbox = await startSandbox({ shortUrlBase: SHORT });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.admin.reset({ data: true }));

function csv(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const run = (args: string[]) =>
  runInProcess(args, {
    env: {
      SHORTY_BASE_URL: sandbox.baseUrl,
      SHORTY_API_KEY: sandbox.apiKey,
      SHORTY_RATE_LIMIT: '1000/1s',
      SHORTY_RETRY_BACKOFF: '2ms,20ms',
      SHORTY_TIMEOUT: '0.5',
    },
  });

async function aliases(): Promise<string[]> {
  return (await sandbox.api('GET', '/urls?limit=100')).json.data.urls.map((l: { alias: string }) => l.alias);
}

test('an alias that already leads to the row URL on the service short domain is skipped; one leading elsewhere is a conflict', async () => {
  for (const [custom, url] of [
    ['ua-row-1', 'https://example.com/one'],
    ['ua-row-2', 'https://example.com/elsewhere'],
  ]) {
    const made = await sandbox.api('POST', '/url/add', { url, custom });
    expect(made.json.shorturl).toBe(`${SHORT}/${custom}`);
  }
  const file = csv('rows.csv', 'alias,url\nua-row-1,https://example.com/one\nua-row-2,https://example.com/two\n');
  const res = await run(['urls', 'import', file, '--if-exists', 'skip', '-o', 'ndjson']);
  const rows = res.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(rows.map((r) => r.status)).toEqual(['skipped', 'error']);
  expect(rows[1].error).toBe(
    `conflict: "ua-row-2" is taken by ${SHORT}/ua-row-2, which points at https://example.com/elsewhere`,
  );
  expect(res.exitCode, res.stderr).toBe(1);
});

test('the dry run says the same', async () => {
  await sandbox.api('POST', '/url/add', { url: 'https://example.com/one', custom: 'ua-row-1' });
  const file = csv('dry.csv', 'alias,url\nua-row-1,https://example.com/one\n');
  const res = await run(['urls', 'import', file, '--if-exists', 'skip', '--dry-run', '-o', 'ndjson']);
  expect(res.exitCode, res.stderr).toBe(0);
  expect(JSON.parse(res.stdout.trim())).toMatchObject({ status: 'skipped' });
});

test.each([
  ['sync', ['-y']],
  ['import', []],
] as const)(
  'urls %s: a create whose answer broke after the send is found on the short domain, not "taken"',
  async (name, extra) => {
    for (const fault of ['truncated', 'lost'] as const) {
      await sandbox.admin.reset({ data: true });
      const file = csv(`${name}-${fault}.csv`, `alias,url\n${name}-lost,https://example.com/${name}\n`);
      // The sync reads the account first (answered after 1 ms); the create meets the fault.
      await sandbox.admin.fault(name === 'sync' ? ['slow', fault] : [fault], {
        count: name === 'sync' ? 2 : 1,
        delayMs: 1,
      });
      const res = await run(['urls', name, file, ...extra]);
      expect(res.exitCode, `${fault}: ${res.stdout}${res.stderr}`).toBe(0);
      expect(res.stdout).not.toMatch(/taken/);
      expect(await aliases()).toEqual([`${name}-lost`]);
    }
  },
);
