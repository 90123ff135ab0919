// Secrets: the API key never appears in any output (debug logs and legacy paths included), the
// curl lines of SHORTY_DEBUG=curl replay with the key taken from the environment, and http:// to
// a host that is not loopback is refused before any connection is attempted.
import { execa } from 'execa';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import {
  assertNoSecret,
  BIN,
  collectSecrets,
  configWith,
  runCli,
  tempDir,
  usedSecrets,
  type CliResult,
} from '../helpers/cli.js';
import { noWait, runInProcess } from '../helpers/in-process.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

// Mostly main() in this process (what is printed is the commands' doing); the built CLI for a
// key given on the command line and for login from a pipe, where a write that goes around the
// command's streams (straight to process.stderr) would show only in a real process.
const cli = useSandboxCli({ resetData: true, inProcess: true });
const { sandbox } = cli;
let shortUrl: string;

beforeEach(async () => {
  shortUrl = (await sandbox.api('POST', '/url/add', { url: 'https://example.com/secret-test', custom: 'sekrit' })).json
    .shorturl;
  await sandbox.admin.reset();
});

const shorty = (args: string[], extra: Record<string, string> = {}) => cli.run(args, { env: extra });

/**
 * The whole environment of a shell that replays a curl line: PATH and a HOME of its own. Without
 * a HOME, bash spends seconds at start-up, and shorty would read the real home's config.
 */
const shellEnv = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH,
  HOME: tempDir('shorty-home-'),
  ...extra,
});

/** Belt and braces beside runCli's own check: neither the key nor its URL-encoded form. */
function expectNoKey(res: CliResult): void {
  for (const form of [sandbox.apiKey, encodeURIComponent(sandbox.apiKey)]) {
    expect(res.stdout).not.toContain(form);
    expect(res.stderr).not.toContain(form);
  }
}

describe('the suite-wide check finds keys wherever a test gives them', () => {
  test('a key from --api-key, from --api-key=, from a config file or from login stdin is checked', () => {
    const dir = tempDir('shorty-secrets-');
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { work: { 'api-key': 'sk_from_config_file_0001' } } }),
    );
    collectSecrets(['urls', 'list', '--api-key', 'sk_from_flag_000000001'], {}, dir);
    collectSecrets(['urls', 'list', '--api-key=sk_from_flag_equals_01'], {}, dir);
    collectSecrets(['login', '--with-key'], { input: 'sk_from_login_stdin_01\n' }, dir);
    for (const key of [
      'sk_from_flag_000000001',
      'sk_from_flag_equals_01',
      'sk_from_config_file_0001',
      'sk_from_login_stdin_01',
    ]) {
      expect(usedSecrets.has(key)).toBe(true);
      expect(() => assertNoSecret(['x'], { stdout: `leak: ${key}\n`, stderr: '' })).toThrow(/API key appeared/);
      expect(() => assertNoSecret(['x'], { stdout: '', stderr: `leak: ${key}` })).toThrow(/API key appeared/);
    }
    expect(() => assertNoSecret(['x'], { stdout: 'sk_…0001\n', stderr: '' })).not.toThrow();
  });
});

describe('the key never appears in output', () => {
  test.each([
    ['modern request with --debug', ['urls', 'list', '--debug']],
    ['legacy request (key in the path) with --debug', ['legacy', 'info', 'SHORT', '--debug']],
    ['legacy create with --debug and --xml', ['legacy', 'create', 'https://example.com/x', '--debug', '--xml']],
    ['SHORTY_DEBUG=1 on an error answer', ['urls', 'get', '999']],
  ])('%s', async (_name, args) => {
    const res = await shorty(
      args.map((a) => (a === 'SHORT' ? shortUrl : a)),
      { SHORTY_DEBUG: '1' },
    );
    expect(res.exitCode === 0 || res.exitCode === 1).toBe(true);
    expect(res.stderr).toMatch(/^> GET|^> POST/m);
    expectNoKey(res);
    if (args[0] === 'legacy') expect(res.stderr).toContain('/api/v1/***/shorturl/');
  });

  test('a legacy failure names the path with *** and a stack under --debug stays clean', async () => {
    await sandbox.admin.fault('html500');
    // The retries' back-off is skipped: what matters is what each of them prints.
    const res = await runInProcess(['legacy', 'info', shortUrl, '--debug', '--timeout', '1'], {
      env: cli.env,
      sleep: noWait,
    });
    await sandbox.admin.fault(null);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^shorty: .*\/api\/v1\/\*\*\*\/shorturl\/info\//m);
    expectNoKey(res);
  });

  test('a key given with --api-key is not echoed, even when the server rejects it', async () => {
    const wrong = 'sk_wrong_key_given_on_the_command_line';
    const res = await runCli(['urls', 'list', '--api-key', wrong, '--debug'], {
      env: { SHORTY_BASE_URL: sandbox.baseUrl },
    });
    expect(res.exitCode).toBe(3);
    expect(`${res.stdout}${res.stderr}`).not.toContain(wrong);
    const legacy = await runCli(['legacy', 'list', `--api-key=${wrong}`, '--debug'], {
      env: { SHORTY_BASE_URL: sandbox.baseUrl },
    });
    expect(legacy.exitCode).toBe(3);
    expect(`${legacy.stdout}${legacy.stderr}`).not.toContain(wrong);
  });

  test('login --with-key stores the key and no command shows it afterwards', async () => {
    const configDir = tempDir('shorty-config-');
    const login = await runCli(['login', '--base-url', sandbox.baseUrl, '--with-key'], {
      input: `${sandbox.apiKey}\n`,
      configDir,
    });
    expect(login.exitCode, login.stderr).toBe(0);
    for (const args of [
      ['config', 'list'],
      ['config', 'get', 'api-key'],
      ['config', 'list', '--json'],
      ['urls', 'list', '--debug'],
      ['legacy', 'list', '--debug'],
    ]) {
      const res = await runInProcess(args, { configDir });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(0);
      expectNoKey(res);
    }
  });
});

describe('SHORTY_DEBUG=curl prints requests that replay with the key from the environment', () => {
  /** The curl lines the CLI printed, each run by a real curl with SHORTY_API_KEY set. */
  async function replay(res: CliResult): Promise<unknown[]> {
    const lines = res.stderr.split('\n').filter((line) => line.startsWith('curl '));
    expect(lines.length).toBeGreaterThan(0);
    const answers = [];
    for (const line of lines) {
      expect(line).toContain('$SHORTY_API_KEY');
      const run = await execa('bash', ['-c', line], {
        env: shellEnv({ SHORTY_API_KEY: sandbox.apiKey }),
        extendEnv: false,
        reject: false,
      });
      expect(run.exitCode, run.stderr).toBe(0);
      answers.push(JSON.parse(String(run.stdout)));
    }
    return answers;
  }

  test('a POST with a body full of shell metacharacters creates the same link again', async () => {
    // A backslash is refused in a URL (browsers read it as /), so the shell's other metacharacters stand in.
    const longUrl = `https://example.com/it's "quoted" $HOME \`id\` ; back`;
    const sent = new URL(longUrl).href;
    const res = await shorty(['urls', 'add', longUrl, '--meta-title', "a $b `c` 'd'", '-q'], { SHORTY_DEBUG: 'curl' });
    expect(res.exitCode, res.stderr).toBe(0);
    expectNoKey(res);
    const [answer] = (await replay(res)) as { error: unknown; id: number }[];
    expect(Number(answer.error)).toBe(0);
    const bodies = (await sandbox.admin.requests()).filter((r) => r.method === 'POST').map((r) => r.body);
    expect(bodies).toEqual([
      { url: sent, metatitle: "a $b `c` 'd'" },
      { url: sent, metatitle: "a $b `c` 'd'" },
    ]);
    expect((await sandbox.admin.requests()).every((r) => r.authorized)).toBe(true);
  });

  test('a GET with a query replays to the same list', async () => {
    const res = await shorty(['urls', 'list', '--limit', '5', '--order', 'click', '--json'], { SHORTY_DEBUG: 'curl' });
    expect(res.exitCode, res.stderr).toBe(0);
    const [answer] = (await replay(res)) as { data: { urls: Record<string, unknown>[] } }[];
    // The same links; the record adds the branded domain (none: on the service's own).
    expect(answer.data.urls.map((item) => ({ ...item, domain: '' }))).toEqual(JSON.parse(res.stdout));
  });

  test('a legacy call (key in the path) replays too', async () => {
    const res = await shorty(['legacy', 'info', shortUrl, '--json'], { SHORTY_DEBUG: 'curl' });
    expect(res.exitCode, res.stderr).toBe(0);
    expectNoKey(res);
    const [answer] = (await replay(res)) as { code: unknown; data: { short_url: string } }[];
    expect(String(answer.code)).toBe('200');
    expect(answer.data.short_url).toBe(shortUrl);
    expect((await sandbox.admin.requests()).map((r) => r.authorized)).toEqual([true, true]);
  });
});

describe('SHORTY_DEBUG=curl lines name where the key comes from, and replay from there', () => {
  /** A PATH whose `shorty` is the built CLI, as after an install. */
  function pathWithShorty(): string {
    const dir = tempDir('shorty-bin-');
    writeFileSync(join(dir, 'shorty'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
    return `${dir}:${process.env.PATH}`;
  }
  const curlLines = (res: CliResult) => res.stderr.split('\n').filter((line) => line.startsWith('curl '));

  test('a key from a profile: the line reads it with `config get api-key --reveal`, pasted anywhere', async () => {
    const configDir = configWith({ work: { 'base-url': sandbox.baseUrl, 'api-key': sandbox.apiKey } });
    const res = await cli.run(['urls', 'list', '--json', '--profile', 'work'], {
      env: { SHORTY_DEBUG: 'curl', SHORTY_API_KEY: '', SHORTY_BASE_URL: '' },
      configDir,
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expectNoKey(res);
    const [line] = curlLines(res);
    expect(line).toContain(
      `Bearer $(SHORTY_CONFIG_DIR='${configDir}' shorty config get api-key --reveal --profile 'work')"`,
    );
    await sandbox.admin.reset();
    // A shell with neither SHORTY_API_KEY nor SHORTY_CONFIG_DIR: the line brings what it needs.
    const run = await execa('bash', ['-c', line], {
      env: shellEnv({ PATH: pathWithShorty() }),
      extendEnv: false,
      reject: false,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(String(run.stdout)).data.urls.length).toBeGreaterThan(0);
    expect((await sandbox.admin.requests()).map((r) => r.authorized)).toEqual([true]);
  });

  test('a key from --api-key: the line needs SHORTY_API_KEY and says so instead of sending a 403', async () => {
    const res = await cli.run(['urls', 'list', '--json', '--api-key', sandbox.apiKey], {
      env: { SHORTY_DEBUG: 'curl', SHORTY_API_KEY: '' },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expectNoKey(res);
    const [line] = curlLines(res);
    await sandbox.admin.reset();
    const unset = await execa('bash', ['-c', line], {
      env: shellEnv(),
      extendEnv: false,
      reject: false,
    });
    expect(unset.exitCode).not.toBe(0);
    expect(unset.stderr).toContain('SHORTY_API_KEY: set SHORTY_API_KEY to the key given with --api-key');
    expect(await sandbox.admin.requests()).toEqual([]);
    const set = await execa('bash', ['-c', line], {
      env: shellEnv({ SHORTY_API_KEY: sandbox.apiKey }),
      extendEnv: false,
      reject: false,
    });
    expect(set.exitCode, set.stderr).toBe(0);
    expect((await sandbox.admin.requests()).map((r) => r.authorized)).toEqual([true]);
  });

  test('config get --reveal prints the key into a pipe only, never onto a terminal', async () => {
    const configDir = configWith({ default: { 'api-key': sandbox.apiKey } });
    const piped = await cli.run(['config', 'get', 'api-key', '--reveal'], { configDir });
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(`${sandbox.apiKey}\n`);
    const onTerminal = await runInProcess(['config', 'get', 'api-key', '--reveal'], { configDir, terminalColumns: 80 });
    expect(onTerminal.exitCode).toBe(2);
    expect(onTerminal.stderr).toMatch(/^shorty: --reveal prints a secret: only into a pipe or a file/);
    expect(onTerminal.stdout).toBe('');
  });
});

describe('http:// to a host that is not loopback', () => {
  // `.invalid` never resolves (RFC 6761): any attempt to connect would end in "host not found".
  const remote = 'http://shorty-test.invalid';

  test.each([
    ['a modern command', ['urls', 'list']],
    ['a legacy command', ['legacy', 'list']],
    ['shorty api', ['api', 'GET', '/account']],
    ['an import', ['urls', 'import', '-']],
  ])('is refused for %s before any connection: exit 2, not a network error', async (_name, args) => {
    const configDir = tempDir('shorty-config-');
    const res = await runInProcess([...args, '--base-url', remote], {
      env: { SHORTY_API_KEY: sandbox.apiKey },
      configDir,
      input: 'https://example.com/a\n',
    });
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toMatch(/^shorty: refusing to send the API key in clear text to shorty-test\.invalid$/m);
    expect(res.stderr).toMatch(/^hint: .*--insecure/m);
    expect(res.stderr).not.toMatch(/host not found|network|connect/i);
    // Not even the limiter was set up, which happens just before the first request.
    expect(existsSync(join(configDir, 'ratelimit'))).toBe(false);
  });

  test('with --insecure the same URL is tried, so it is the refusal that stopped the others', async () => {
    const res = await runInProcess(['urls', 'list', '--base-url', remote, '--insecure', '--timeout', '5'], {
      env: { SHORTY_API_KEY: sandbox.apiKey },
      sleep: noWait,
    });
    expect(res.exitCode, res.stderr).toBe(5);
    expect(res.stderr).toMatch(/^shorty: (host not found|could not connect|request timed out)/m);
  });

  test('the refusal applies to a base URL from the environment and from the config too', async () => {
    const fromEnv = await runInProcess(['urls', 'list'], {
      env: { SHORTY_API_KEY: sandbox.apiKey, SHORTY_BASE_URL: remote },
    });
    expect(fromEnv.exitCode).toBe(2);
    const configDir = tempDir('shorty-config-');
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { default: { 'base-url': remote, 'api-key': sandbox.apiKey } } }),
    );
    const fromConfig = await runInProcess(['urls', 'list'], { configDir });
    expect(fromConfig.exitCode).toBe(2);
    expect(fromConfig.stderr).toMatch(/refusing to send the API key in clear text/);
  });

  test('https:// to the same host and http:// to loopback are not refused', async () => {
    const https = await runInProcess(['urls', 'list', '--base-url', 'https://shorty-test.invalid', '--timeout', '5'], {
      env: { SHORTY_API_KEY: sandbox.apiKey },
      sleep: noWait,
    });
    expect(https.exitCode).toBe(5);
    const loopback = await shorty(['urls', 'list']);
    expect(loopback.exitCode).toBe(0);
  });
});
