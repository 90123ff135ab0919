// A key goes only to the host it was saved for (gh's per-host tokens): a key `login` saved in a
// profile is never sent to another origin named by --base-url or SHORTY_BASE_URL; a key given
// alongside (SHORTY_API_KEY, --api-key) goes wherever the base URL says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configWith } from '../helpers/cli.js';
import { useHostileServer } from '../helpers/hostile-server.js';
import { runInProcess } from '../helpers/in-process.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });
const other = useHostileServer();

const SAVED_KEY = 'sk_saved_for_one_host_0123456789';

/** A config whose default profile holds the sandbox's base URL and key, as `login` saves them. */
const loggedIn = () => configWith({ default: { 'base-url': cli.sandbox.baseUrl, 'api-key': cli.sandbox.apiKey } });

describe('a saved key is sent only to the origin it was saved for', () => {
  it.each([
    ['--base-url', (url: string) => ({ args: ['--base-url', url], env: {} })],
    ['SHORTY_BASE_URL', (url: string) => ({ args: [], env: { SHORTY_BASE_URL: url } })],
  ])('another origin from %s: exit 2 naming both origins and how to mean it; nothing sent', async (via, given) => {
    const { args, env } = given(other().url);
    const res = await runInProcess(['urls', 'import', '-', ...args], {
      configDir: loggedIn(),
      env,
      input: 'url\nhttps://example.com/copied\n',
    });
    expect(res.stderr).toBe(
      `shorty: the API key of profile "default" was saved for ${cli.sandbox.baseUrl}; refusing to send it to ${other().url} (from ${via})\n` +
        'hint: for an account there, use its profile (--profile NAME, made with `shorty login --profile NAME`) or give its key ' +
        'alongside in SHORTY_API_KEY; to move this profile, `shorty config set base-url URL`\n',
    );
    expect(res.exitCode).toBe(2);
    expect(other().requests).toEqual([]);
  });

  it('the same origin under another spelling or path is the same host', async () => {
    await cli.sandbox.admin.reset();
    const res = await runInProcess(['urls', 'list', '-q', '--base-url', `${cli.sandbox.baseUrl}/`], {
      configDir: loggedIn(),
    });
    expect(res).toMatchObject({ exitCode: 0, stderr: '' });
    expect((await cli.sandbox.admin.requests()).length).toBeGreaterThan(0);
  });

  it('a key given alongside in SHORTY_API_KEY goes to any base URL: the user said so', async () => {
    other().answer({ status: 200, body: { error: 0, data: { result: 0, perpage: 15, currentpage: 1, urls: [] } } });
    const res = await runInProcess(['urls', 'list', '-q'], {
      configDir: loggedIn(),
      env: { SHORTY_BASE_URL: other().url, SHORTY_API_KEY: SAVED_KEY },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(other().requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${SAVED_KEY}`]);
  });

  it('status shows the settings, then fails the same way', async () => {
    const res = await runInProcess(['status', '--base-url', other().url], { configDir: loggedIn() });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: the API key of profile "default" was saved for .*; refusing to send it to/m);
    expect(other().requests).toEqual([]);
  });
});

describe('a profile without a base URL binds its key to no host', () => {
  const noBase = () => configWith({ nobase: { 'api-key': SAVED_KEY } });

  it.each([
    ['--base-url', (url: string) => ({ args: ['--base-url', url], env: {} })],
    ['SHORTY_BASE_URL', (url: string) => ({ args: [], env: { SHORTY_BASE_URL: url } })],
  ])('a base URL from %s is refused with the way to allow it; nothing sent', async (via, given) => {
    const { args, env } = given(other().url);
    const res = await runInProcess(['urls', 'list', '--profile', 'nobase', ...args], { configDir: noBase(), env });
    expect(res.stderr).toBe(
      `shorty: the API key of profile "nobase" was saved without a base URL, so it may go to no host; refusing to send it to ${other().url} (from ${via})\n` +
        'hint: to bind it to that host, `shorty config set base-url URL --profile nobase`; or give the key alongside in SHORTY_API_KEY\n',
    );
    expect(res.exitCode).toBe(2);
    expect(other().requests).toEqual([]);
  });

  it('config set api-key in such a profile says where the key may go', async () => {
    const dir = configWith({});
    const res = await runInProcess(['config', 'set', 'api-key', SAVED_KEY, '--profile', 'nobase'], { configDir: dir });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      'note: profile "nobase" has no base URL: its key goes to no host until `shorty config set base-url URL --profile nobase`\n',
    );
  });

  it('config unset base-url removes the key too, says so, and the next run sends nothing', async () => {
    const dir = loggedIn();
    const unset = await runInProcess(['config', 'unset', 'base-url'], { configDir: dir });
    expect(unset.exitCode, unset.stderr).toBe(0);
    expect(unset.stdout + unset.stderr).toContain(
      'unset base-url and its api-key (a saved key goes only to the base URL saved with it) in profile "default"',
    );
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default).toEqual({});
    const res = await runInProcess(['urls', 'list'], { configDir: dir, env: { SHORTY_BASE_URL: other().url } });
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toMatch(/^shorty: no API key is set/);
    expect(other().requests).toEqual([]);
  });
});
