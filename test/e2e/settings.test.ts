import { readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { noWait, runInProcess } from '../helpers/in-process.js';
import { calls, json, useSandboxCli } from '../helpers/sandbox-cli.js';

// main() in this process: settings are files and rules, not the process around them. The first
// login (the key piped to the built CLI, the modes of what it writes) keeps a real process.
const cli = useSandboxCli({ inProcess: true });

/** A config folder that does not exist yet, inside a temp dir (so its mode is ours to check). */
const newConfigDir = () => join(tempDir(), 'shorty');
const mask = (key: string) => `${/^[A-Za-z]{1,4}_/.exec(key)?.[0] ?? ''}…${key.slice(-4)}`;

async function login(configDir: string, extra: string[] = [], key = cli.sandbox.apiKey, run = runInProcess) {
  return run(['login', '--base-url', `${cli.sandbox.baseUrl}/api/`, '--with-key', ...extra], {
    configDir,
    input: `${key}\n`,
  });
}

describe('login and logout', () => {
  it('checks the key with GET /account, then saves it 0600 in a 0700 folder', async () => {
    const dir = newConfigDir();
    await cli.sandbox.admin.reset();
    const res = await login(dir, [], cli.sandbox.apiKey, runCli);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toMatch(/^✓ logged in to http:\/\/127\.0\.0\.1:\d+ as .+ \(profile "default"\)\n$/);
    expect(calls(await cli.sandbox.admin.requests())).toEqual(['GET /api/account']);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(saved.profiles.default).toEqual({ 'base-url': cli.sandbox.baseUrl, 'api-key': cli.sandbox.apiKey });

    const account = await runInProcess(['account', '--json'], { configDir: dir });
    expect(account.exitCode).toBe(0);
    expect(json(account)).toHaveProperty('email');
  });

  it('saves nothing when the key is wrong (exit 3)', async () => {
    const dir = newConfigDir();
    const res = await login(dir, [], 'sk_wrong_wrong_wrong');
    expect(res.exitCode).toBe(3);
    expect(() => statSync(join(dir, 'config.json'))).toThrow();
  });

  it('refuses to prompt without a terminal and hints at --with-key', async () => {
    const res = await cli.runLogged(['login']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('hint: pipe the key in');
    expect(res.requests).toEqual([]);
    const noUrl = await runInProcess(['login', '--with-key'], { input: 'sk_x\n' });
    expect(noUrl.exitCode).toBe(2);
    const noKey = await runInProcess(['login', '--base-url', cli.sandbox.baseUrl, '--with-key'], { input: '\n' });
    expect(noKey.exitCode).toBe(2);
  });

  it('logs in to a named profile and logs out of it, keeping its base URL', async () => {
    const dir = newConfigDir();
    expect((await login(dir, ['--profile', 'work'])).exitCode).toBe(0);
    const out = await runInProcess(['logout', '--profile', 'work'], { configDir: dir });
    expect(out.exitCode).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(saved.profiles.work).toEqual({ 'base-url': cli.sandbox.baseUrl });
    const after = await runInProcess(['account', '--profile', 'work'], { configDir: dir });
    expect(after.exitCode).toBe(3);
  });
});

describe('config', () => {
  it('never shows the key: list and get mask it', async () => {
    const dir = newConfigDir();
    await login(dir);
    const list = await runInProcess(['config', 'list'], { configDir: dir });
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toContain(`api-key\t${mask(cli.sandbox.apiKey)}`);
    expect(list.stdout).toContain(`base-url\t${cli.sandbox.baseUrl}`);
    const rows = json<{ key: string; value: string | null }[]>(
      await runInProcess(['config', 'list', '--json'], { configDir: dir }),
    );
    expect(rows.map((r) => r.key)).toEqual([
      'base-url',
      'api-key',
      'rate-limit',
      'rate-store',
      'timeout',
      'output',
      'domain',
    ]);
    const get = await runInProcess(['config', 'get', 'api-key'], { configDir: dir });
    expect(get.stdout).toBe(`${mask(cli.sandbox.apiKey)}\n`);
  });

  it('sets, gets and unsets values, validating them first', async () => {
    const dir = newConfigDir();
    const run = (...args: string[]) => runInProcess(['config', ...args], { configDir: dir });
    expect((await run('set', 'base-url', 'https://sho.rt/api/')).exitCode).toBe(0);
    expect((await run('get', 'base-url')).stdout).toBe('https://sho.rt\n');
    expect((await run('set', 'rate-limit', '10/1s')).exitCode).toBe(0);
    expect((await run('set', 'timeout', '2.5')).exitCode).toBe(0);
    expect((await run('set', 'domain', 'https://go.example.com')).exitCode).toBe(0);
    for (const [key, value] of [
      ['timeout', '0'],
      ['timeout', 'soon'],
      ['output', 'yaml'],
      ['rate-limit', '10'],
      ['base-url', 'sho.rt'],
      ['colour', 'red'],
    ]) {
      const bad = await run('set', key, value);
      expect(bad.exitCode, `${key}=${value}`).toBe(2);
    }
    expect((await run('get', 'timeout')).stdout).toBe('2.5\n');
    expect((await run('unset', 'timeout')).exitCode).toBe(0);
    const unset = await run('get', 'timeout');
    expect(unset.exitCode).toBe(1);
    expect(unset.stdout).toBe('');
    expect((await run('path')).stdout).toBe(`${join(dir, 'config.json')}\n`);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('applies flag > env > profile > default', async () => {
    const dir = newConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        profiles: {
          default: { 'base-url': 'http://127.0.0.1:9', 'api-key': 'sk_profile_key_1', output: 'csv' },
        },
      }),
    );
    const base = { configDir: dir };
    // profile: csv output and an unreachable base URL (exit 5 proves the profile's URL was used)
    expect((await runInProcess(['config', 'list', '--fields', 'key'], base)).stdout.startsWith('key\n')).toBe(true);
    // (a refused connection is retried: the back-off is skipped, the exit code is the point)
    expect((await runInProcess(['account', '--timeout', '2'], { ...base, sleep: noWait })).exitCode).toBe(5);
    // env beats the profile
    const env = { SHORTY_BASE_URL: cli.sandbox.baseUrl, SHORTY_API_KEY: cli.sandbox.apiKey, SHORTY_OUTPUT: 'json' };
    const viaEnv = await runInProcess(['account'], { ...base, env });
    expect(viaEnv.exitCode).toBe(0);
    expect(json(viaEnv)).toHaveProperty('email');
    // the flag beats env
    const viaFlag = await runInProcess(
      ['account', '-o', 'ndjson', '--base-url', 'http://127.0.0.1:9', '--timeout', '2'],
      { ...base, env, sleep: noWait },
    );
    expect(viaFlag.exitCode).toBe(5);
    const ndjson = await runInProcess(['account', '-o', 'ndjson'], { ...base, env });
    expect(ndjson.stdout.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('profiles', () => {
  it('lists, switches and deletes profiles', async () => {
    const dir = newConfigDir();
    await login(dir);
    await login(dir, ['--profile', 'work']);
    const list = json<{ name: string; current: boolean }[]>(
      await runInProcess(['profiles', 'list', '--json'], { configDir: dir }),
    );
    expect(list.map((p) => [p.name, p.current])).toEqual([
      ['default', true],
      ['work', false],
    ]);
    expect(JSON.stringify(list)).not.toContain(cli.sandbox.apiKey);

    expect((await runInProcess(['profiles', 'use', 'work'], { configDir: dir })).exitCode).toBe(0);
    expect((await runInProcess(['profiles', 'ls', '-q'], { configDir: dir })).stdout).toBe('default\nwork\n');
    const current = json<{ name: string; current: boolean }[]>(
      await runInProcess(['profiles', 'list', '--json'], { configDir: dir }),
    );
    expect(current.find((p) => p.current)?.name).toBe('work');
    // SHORTY_PROFILE overrides the saved choice
    const viaEnv = json<{ name: string; current: boolean }[]>(
      await runInProcess(['profiles', 'list', '--json'], { configDir: dir, env: { SHORTY_PROFILE: 'default' } }),
    );
    expect(viaEnv.find((p) => p.current)?.name).toBe('default');

    expect((await runInProcess(['profiles', 'use', 'nope'], { configDir: dir })).exitCode).toBe(2);
    expect((await runInProcess(['profiles', 'delete', 'work', '-y'], { configDir: dir })).exitCode).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(Object.keys(saved.profiles)).toEqual(['default']);
    expect(saved.current).toBeUndefined();
  });
});
