import { execa } from 'execa';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, configWith, runCli, tempDir } from '../helpers/cli.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { json } from '../helpers/sandbox-cli.js';
import { maskKey } from '../../src/settings/keys.js';
import { startSecretService, type SecretService } from '../helpers/secret-service.js';

/**
 * `login --keyring` against a real Secret Service (gnome-keyring on a bus of the test's own). The
 * built CLI runs as a process: the native keyring library reads the bus address from the process's
 * own environment.
 */
let service: SecretService;
let sandbox: StartedSandbox;
/** A bus address where nothing listens: no keyring reachable. */
const NO_BUS = { DBUS_SESSION_BUS_ADDRESS: `unix:path=/nonexistent-${process.pid}/bus` };

beforeAll(async () => {
  [service, sandbox] = await Promise.all([startSecretService(tempDir('shorty-keyring-')), startSandbox()]);
});

afterAll(async () => {
  await Promise.all([service?.close(), sandbox?.close()]);
});

beforeEach(async () => {
  await sandbox.admin.reset();
});

/** What the Secret Service holds for a profile, read by the library itself in a process of its own. */
async function keyringHolds(account: string): Promise<string | null> {
  const script = `const { Entry } = require('@napi-rs/keyring');
    const key = new Entry('shorty-cli', ${JSON.stringify(account)}, { linux: { store: 'secret-service' } }).getPassword();
    process.stdout.write(JSON.stringify(key));`;
  const res = await execa(process.execPath, ['-e', script], { cwd: ROOT, env: service.env });
  return JSON.parse(res.stdout) as string | null;
}

function configText(dir: string): string {
  return readFileSync(join(dir, 'config.json'), 'utf8');
}

async function loginToKeyring(configDir: string, profile = 'default') {
  return runCli(['login', '--keyring', '--with-key', '--base-url', sandbox.baseUrl, '--profile', profile], {
    configDir,
    input: sandbox.apiKey,
    env: service.env,
  });
}

describe('login --keyring', () => {
  it('keeps the key in the keyring and only its name in the config file; every command finds it', async () => {
    const configDir = tempDir();
    const login = await loginToKeyring(configDir, 'work');
    expect(login.stderr).toContain('logged in to');
    expect(login.exitCode).toBe(0);
    expect(await keyringHolds('work')).toBe(sandbox.apiKey);
    expect(configText(configDir)).not.toContain(sandbox.apiKey);
    expect(JSON.parse(configText(configDir)).profiles.work).toEqual({
      'base-url': sandbox.baseUrl,
      'api-key-keyring': 'work',
    });

    await sandbox.admin.reset();
    const added = await runCli(['urls', 'add', 'https://example.com/keyring', '-q', '--profile', 'work'], {
      configDir,
      env: service.env,
    });
    expect(added.exitCode, added.stderr).toBe(0);
    const [request] = await sandbox.admin.requests();
    expect(request.path).toBe('/api/url/add');

    const status = await runCli(['status', '-o', 'json', '--profile', 'work'], { configDir, env: service.env });
    expect(json(status)).toMatchObject({ api_key_source: 'keyring', key_check: 'ok' });
    const said = await runCli(['status', '--offline', '-o', 'table', '--profile', 'work'], {
      configDir,
      env: service.env,
    });
    expect(said.stdout).toMatch(/API key\s+\S+ \(from the Secret Service keyring, profile "work"\)/);
  });

  it('config get and config list read the key from the keyring (what SHORTY_DEBUG=curl lines run)', async () => {
    const configDir = tempDir();
    expect((await loginToKeyring(configDir, 'work')).exitCode).toBe(0);
    const get = (...args: string[]) =>
      runCli(['config', 'get', ...args, '--profile', 'work'], { configDir, env: service.env });
    expect(await get('api-key', '--reveal')).toMatchObject({ exitCode: 0, stdout: `${sandbox.apiKey}\n` });
    expect(await get('api-key')).toMatchObject({ exitCode: 0, stdout: `${maskKey(sandbox.apiKey)}\n` });
    const list = await runCli(['config', 'list', '--profile', 'work', '--json'], { configDir, env: service.env });
    expect(JSON.parse(list.stdout)).toContainEqual({ key: 'api-key', value: maskKey(sandbox.apiKey) });
    // Out of reach: one line naming the keyring, as every command that needs the key says it.
    const lost = await runCli(['config', 'get', 'api-key', '--reveal', '--profile', 'work'], {
      configDir,
      env: NO_BUS,
    });
    expect(lost.exitCode).toBe(2);
    expect(lost.stderr.trim().split('\n')[0]).toMatch(
      /^shorty: cannot read the API key of profile "work" from the Secret Service keyring/,
    );
  });

  it('logout removes the key from the keyring and its name from the config file', async () => {
    const configDir = tempDir();
    expect((await loginToKeyring(configDir)).exitCode).toBe(0);
    const logout = await runCli(['logout'], { configDir, env: service.env });
    expect(logout.exitCode, logout.stderr).toBe(0);
    expect(await keyringHolds('default')).toBeNull();
    expect(JSON.parse(configText(configDir)).profiles.default).toEqual({ 'base-url': sandbox.baseUrl });
  });

  it('profiles delete removes the key from the keyring with the profile', async () => {
    const configDir = tempDir();
    expect((await loginToKeyring(configDir, 'gone')).exitCode).toBe(0);
    const deleted = await runCli(['profiles', 'delete', 'gone', '-y'], { configDir, env: service.env });
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(await keyringHolds('gone')).toBeNull();
    expect(JSON.parse(configText(configDir)).profiles.gone).toBeUndefined();
  });

  it('a later login without --keyring moves the key back to the file and out of the keyring', async () => {
    const configDir = tempDir();
    expect((await loginToKeyring(configDir, 'moved')).exitCode).toBe(0);
    const again = await runCli(['login', '--with-key', '--base-url', sandbox.baseUrl, '--profile', 'moved'], {
      configDir,
      input: sandbox.apiKey,
      env: service.env,
    });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(await keyringHolds('moved')).toBeNull();
    expect(JSON.parse(configText(configDir)).profiles.moved).toEqual({
      'base-url': sandbox.baseUrl,
      'api-key': sandbox.apiKey,
    });
  });

  it('with no keyring reachable: one line naming it and the config file, nothing asked, sent or saved', async () => {
    const configDir = tempDir();
    const res = await runCli(['login', '--keyring', '--with-key', '--base-url', sandbox.baseUrl], {
      configDir,
      input: sandbox.apiKey,
      env: NO_BUS,
    });
    expect(res.exitCode).toBe(2);
    const lines = res.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^shorty: cannot reach the Secret Service keyring \(.+\); .*config file.*without --keyring/,
    );
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
    expect(await sandbox.admin.requests()).toEqual([]);
  });

  it('a keyring profile with the keyring out of reach fails in one line before any request', async () => {
    const configDir = configWith({ default: { 'base-url': sandbox.baseUrl, 'api-key-keyring': 'default' } });
    const res = await runCli(['urls', 'list'], { configDir, env: NO_BUS });
    expect(res.exitCode).toBe(2);
    expect(res.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^shorty: cannot read the API key of profile "default" from the Secret Service keyring/),
    ]);
    expect(await sandbox.admin.requests()).toEqual([]);
  });

  it('SHORTY_API_KEY overrides the keyring, which is then not read at all', async () => {
    const configDir = configWith({ default: { 'base-url': sandbox.baseUrl, 'api-key-keyring': 'default' } });
    const res = await runCli(['status', '-o', 'json'], {
      configDir,
      env: { ...NO_BUS, SHORTY_API_KEY: sandbox.apiKey },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res)).toMatchObject({ api_key_source: 'environment', key_check: 'ok' });
  });
});
