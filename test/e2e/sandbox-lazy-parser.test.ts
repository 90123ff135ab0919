// The sandbox is bundled into the CLI, so the User-Agent parser must load on the first redirect,
// not when `shorty sandbox` starts. The proof: a copy of the built CLI with no node_modules at
// all serves the API; only counting a click needs the parser.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bareCli } from '../helpers/cli.js';
import { startSandboxProcess } from '../helpers/sandbox.js';

let sandbox: Awaited<ReturnType<typeof startSandboxProcess>>;

beforeAll(async () => {
  sandbox = await startSandboxProcess([], [process.execPath, bareCli('shorty-bare-sandbox-'), 'sandbox']);
});
afterAll(() => sandbox?.close());

test('without the parser installed, the sandbox starts and answers the API', async () => {
  const added = await sandbox.api('POST', '/url/add', { url: 'https://example.com/bare' });
  expect(added.json).toMatchObject({ error: 0, id: 1 });
  expect((await sandbox.api('GET', '/url/1')).json.data).toMatchObject({ clicks: 0, topBrowsers: 0 });
});
