import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configWith } from '../helpers/cli.js';
import { noWait, runInProcess } from '../helpers/in-process.js';
import { calls, json, useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });

describe('shorty status', () => {
  it('says where each setting came from and checks the key with one GET /account', async () => {
    const configDir = configWith({
      work: { 'base-url': cli.sandbox.baseUrl, 'api-key': cli.sandbox.apiKey, 'rate-limit': '20/60s' },
    });
    const res = await cli.runLogged(['status', '--profile', 'work', '--json'], {
      configDir,
      env: { SHORTY_BASE_URL: '', SHORTY_API_KEY: '', SHORTY_RATE_LIMIT: '' },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(calls(res.requests)).toEqual(['GET /api/account']);
    const status = json(res);
    expect(status).toMatchObject({
      profile: 'work',
      profile_source: 'flag',
      base_url: cli.sandbox.baseUrl,
      base_url_source: 'profile',
      api_key_source: 'profile',
      rate_limit: '20/60s',
      rate_limit_source: 'profile',
      key_check: 'ok',
      config_file: join(configDir, 'config.json'),
    });
    expect(status.api_key).toMatch(/^.*….{4}$/);
    expect(status.account).toEqual(expect.any(String));
  });

  it('prints a readable block for a person, the key masked', async () => {
    const res = await cli.runLogged(['status', '-o', 'table'], { env: { SHORTY_RATE_LIMIT: '' } });
    expect(res.exitCode, res.stderr).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Profile      default (default)');
    expect(lines[2]).toBe(`Base URL     ${cli.sandbox.baseUrl} (from SHORTY_BASE_URL)`);
    expect(lines[3]).toMatch(/^API key {6}\S*…\S{4} \(from SHORTY_API_KEY\)$/);
    expect(lines[4]).toBe('Rate limit   30/60s (default)');
    expect(lines[5]).toMatch(/^Key check {4}works: /);
  });

  it('--offline sends nothing; -q prints the profile', async () => {
    const res = await cli.runLogged(['status', '--offline', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests).toEqual([]);
    expect(json(res)).toMatchObject({ key_check: 'skipped', account: null, rate_limit_source: 'environment' });
    const quiet = await cli.runLogged(['status', '--offline', '-q']);
    expect(quiet).toMatchObject({ exitCode: 0, stdout: 'default\n', stderr: '' });
  });

  it('exit 3 when the key is missing, after showing the settings, with nothing sent', async () => {
    const res = await cli.runLogged(['status', '--json'], { env: { SHORTY_API_KEY: '' } });
    expect(res.exitCode).toBe(3);
    expect(json(res)).toMatchObject({ api_key: null, api_key_source: null, key_check: 'skipped' });
    expect(res.stderr).toMatch(/^shorty: no API key is set\nhint: run `shorty login`/);
    expect(res.requests).toEqual([]);
  });

  it('exit 3 when the service rejects the key', async () => {
    const res = await cli.runLogged(['status', '--json'], { env: { SHORTY_API_KEY: 'sk_not_the_right_key' } });
    expect(res.exitCode).toBe(3);
    expect(json(res)).toMatchObject({
      api_key: 'sk_…_key',
      key_check: 'rejected',
      key_check_message: expect.any(String),
    });
    expect(calls(res.requests)).toEqual(['GET /api/account']);
  });

  it("an inactive account is not a rejected key: it says so, with the server's words, exit 3", async () => {
    await cli.sandbox.admin.fault('account-inactive', { count: 1 });
    const res = await cli.runLogged(['status', '--json']);
    expect(res.exitCode).toBe(3);
    expect(json(res)).toMatchObject({
      key_check: 'account_inactive',
      key_check_message: 'Please activate your account.',
      account: null,
    });
    expect(res.stderr).toBe(
      'shorty: the server refused the request: Please activate your account.\nhint: activate the account (check your email)\n',
    );
    expect(calls(res.requests)).toEqual(['GET /api/account']);

    await cli.sandbox.admin.fault('account-inactive', { count: 1 });
    const table = await cli.run(['status', '-o', 'table']);
    expect(table.exitCode).toBe(3);
    expect(table.stdout).toMatch(/^Key check {4}account inactive: Please activate your account\.$/m);
  });

  it('a key without API access and a server with its API off are named too; a wrong key stays rejected', async () => {
    await cli.sandbox.admin.fault('api-not-allowed', { count: 1 });
    const banned = await cli.run(['status', '--json']);
    expect(banned.exitCode).toBe(3);
    expect(json(banned)).toMatchObject({
      key_check: 'no_api_access',
      key_check_message: 'You do not have the permission to use the API.',
    });
    await cli.sandbox.admin.fault('api-disabled', { count: 1 });
    expect(json(await cli.run(['status', '--json']))).toMatchObject({
      key_check: 'api_disabled',
      key_check_message: 'API service is disabled.',
    });
    // The account answers only the right key: a wrong one still meets the bad-key answer.
    await cli.sandbox.admin.fault('account-inactive', { count: 1 });
    const wrong = await cli.run(['status', '--json'], { env: { SHORTY_API_KEY: 'sk_not_the_right_key' } });
    expect(wrong.exitCode).toBe(3);
    expect(json(wrong)).toMatchObject({ key_check: 'rejected' });
    await cli.sandbox.admin.fault(null);
  });

  it('exit 5 when the service cannot be reached, the check said failed with why; exit 2 without a base URL', async () => {
    const down = await runInProcess(['status', '--json', '--timeout', '2'], {
      env: { ...cli.env, SHORTY_BASE_URL: 'http://127.0.0.1:9' },
      sleep: noWait,
    });
    expect(down.exitCode).toBe(5);
    expect(json(down)).toMatchObject({
      key_check: 'unreachable',
      key_check_message: expect.stringMatching(/^connection refused: GET http:\/\/127\.0\.0\.1:9\/api\/account/),
    });
    const shown = await runInProcess(['status', '-o', 'table', '--timeout', '2'], {
      env: { ...cli.env, SHORTY_BASE_URL: 'http://127.0.0.1:9' },
      sleep: noWait,
    });
    expect(shown.stdout).toMatch(
      /^Key check {4}not checked, the service could not be reached: connection refused: GET /m,
    );
    await cli.sandbox.admin.fault('html500');
    const broken = await cli.run(['status', '--json']);
    await cli.sandbox.admin.fault(null);
    expect(broken.exitCode).toBe(1);
    expect(json(broken)).toMatchObject({ key_check: 'failed', key_check_message: expect.stringContaining('500') });
    const none = await cli.run(['status', '-o', 'table'], { env: { SHORTY_BASE_URL: '' } });
    expect(none.exitCode).toBe(2);
    expect(none.stdout).toContain('Base URL     not set (shorty login, or SHORTY_BASE_URL)');
    expect(none.stderr).toMatch(/^shorty: no base URL is set$/m);
  });

  it('exit 2 for a profile that does not exist, before any request', async () => {
    const configDir = configWith({ work: {}, home: {} });
    const res = await cli.runLogged(['status', '--profile', 'wrok'], { configDir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toBe('shorty: no profile "wrok"\nhint: profiles: work, home\n');
    expect(res.requests).toEqual([]);
  });
});

describe('config get', () => {
  it("prints the profile's value and notes on stderr when a variable overrides it", async () => {
    const configDir = configWith({
      default: {
        'base-url': 'https://saved.example.com',
        'api-key': 'sk_saved_key_abcdef_1234',
        domain: 'go.example.com',
      },
    });
    const res = await cli.run(['config', 'get', 'base-url'], { configDir });
    expect(res).toMatchObject({
      exitCode: 0,
      stdout: 'https://saved.example.com\n',
      stderr: `note: SHORTY_BASE_URL overrides this in the environment (${cli.sandbox.baseUrl})\n`,
    });
    const key = await cli.run(['config', 'get', 'api-key'], { configDir });
    expect(key.stdout).toBe('sk_…1234\n');
    expect(key.stderr).toMatch(/^note: SHORTY_API_KEY overrides this in the environment \(sk_…\S{4}\)\n$/);
    const plain = await cli.run(['config', 'get', 'base-url'], { configDir, env: { SHORTY_BASE_URL: '' } });
    expect(plain).toMatchObject({ stdout: 'https://saved.example.com\n', stderr: '' });
    expect((await cli.run(['config', 'get', 'domain'], { configDir })).stderr).toBe('');
    const unset = await cli.run(['config', 'get', 'timeout'], { configDir, env: { SHORTY_TIMEOUT: '9' } });
    expect(unset).toMatchObject({
      exitCode: 1,
      stdout: '',
      stderr:
        'shorty: timeout is not set in profile "default"\nhint: SHORTY_TIMEOUT overrides this in the environment (9)\n',
    });
  });

  it('an unset key is one `shorty: ` line on stderr and exit 1, as every other message', async () => {
    const configDir = configWith({ work: { 'base-url': 'https://saved.example.com' } });
    const res = await cli.run(['config', 'get', 'rate-limit', '--profile', 'work'], {
      configDir,
      env: { SHORTY_RATE_LIMIT: '' },
    });
    expect(res).toMatchObject({ exitCode: 1, stdout: '', stderr: 'shorty: rate-limit is not set in profile "work"\n' });
  });
});
