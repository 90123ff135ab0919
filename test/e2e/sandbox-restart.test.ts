// `shorty sandbox --data FILE` keeps its key: a profile saved against it still works after a restart.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { configWith, tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandboxProcess } from '../helpers/sandbox.js';

it('a restart on the same data file prints and accepts the same key, so the saved profile keeps working', async () => {
  const file = join(tempDir('shorty-sandbox-data-'), 'sandbox.json');
  const first = await startSandboxProcess(['--data', file]);
  const configDir = configWith({ default: { 'base-url': first.baseUrl, 'api-key': first.apiKey } }, 'default');
  const added = await runInProcess(['urls', 'add', 'https://example.com/kept', '-q'], { configDir });
  expect(added.exitCode).toBe(0);
  await first.close();

  const second = await startSandboxProcess(['--data', file]);
  try {
    expect(second.apiKey).toBe(first.apiKey);
    // A new port is another origin: the saved key follows only a base URL saved beside it.
    const moved = await runInProcess(['config', 'set', 'base-url', second.baseUrl], { configDir });
    expect(moved.exitCode, moved.stderr).toBe(0);
    const listed = await runInProcess(['urls', 'list', '-q'], { configDir });
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${second.baseUrl}/\\w+\\n$`));
  } finally {
    await second.close();
  }
});
