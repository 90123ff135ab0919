// `shorty sandbox --flavor`: the built CLI starts a v6 sandbox and refuses an unknown flavor.
import { expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startSandboxProcess } from '../helpers/sandbox.js';

it('`shorty sandbox --flavor v6` starts and answers as v6 does', async () => {
  const sb = await startSandboxProcess(['--flavor', 'v6']);
  try {
    const res = await fetch(`${sb.baseUrl}/api/account`, { headers: { Authorization: `Token ${sb.apiKey}` } });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(((await res.json()) as { data: { planid: string } }).data.planid).toBe('4');
  } finally {
    await sb.close();
  }
  expect(await sb.exitCode()).toBe(0);
});

it('`shorty sandbox --flavor v9` exits 2 naming the flavors', async () => {
  const res = await runCli(['sandbox', '--port', '0', '--flavor', 'v9']);
  expect(res.exitCode).toBe(2);
  expect(res.stdout).toBe('');
  expect(res.stderr).toBe('shorty: invalid flavor "v9": expected one of v6, v7\n');
});
