import { readFileSync, statSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import type { GlobalOptions } from '../../src/context.js';
import { UsageError } from '../../src/errors.js';
import { maskKey, normalizeConfigValue, parseConfigKey } from '../../src/settings/keys.js';
import { platformConfigDir } from '../../src/settings/paths.js';
import { resolveSettings } from '../../src/settings/resolve.js';
import { openStore, readConfig } from '../../src/settings/store.js';
import { tempDir } from '../helpers/cli.js';
import { jsonErrorReason } from '../../src/util/json-error.js';

const freshDir = () => join(tempDir('shorty-settings-'), 'shorty');

async function resolve(globals: GlobalOptions, env: Record<string, string>) {
  return resolveSettings(globals, env);
}

function writeConfig(dir: string, data: unknown): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'config.json'), JSON.stringify(data));
}

describe('resolveSettings', () => {
  it('uses the defaults when nothing is set', async () => {
    const dir = freshDir();
    const s = await resolve({}, { SHORTY_CONFIG_DIR: dir });
    expect(s).toMatchObject({
      profile: 'default',
      configDir: dir,
      rateLimit: { limit: 30, windowMs: 60_000 },
      timeoutMs: 30_000,
      insecure: false,
      debug: false,
      wait: true,
    });
    expect(s.baseUrl).toBeUndefined();
    expect(s.apiKey).toBeUndefined();
    expect(s.output).toBeUndefined();
    // the default cap is not explicit: the server's may replace it either way
    expect(s.rateLimit.setBy).toBeUndefined();
  });

  it('takes flag over env over the selected profile', async () => {
    const dir = freshDir();
    writeConfig(dir, {
      current: 'work',
      profiles: {
        default: { 'base-url': 'https://default.example', timeout: '5' },
        work: {
          'base-url': 'https://work.example/api/',
          'api-key': 'sk_work',
          'rate-limit': '10/1s',
          timeout: '7',
          output: 'csv',
          domain: 'https://go.work',
        },
      },
    });
    const fromProfile = await resolve({}, { SHORTY_CONFIG_DIR: dir });
    expect(fromProfile).toMatchObject({
      profile: 'work',
      baseUrl: 'https://work.example',
      apiKey: 'sk_work',
      rateLimit: { limit: 10, windowMs: 1000, setBy: 'rate-limit in profile "work"' },
      timeoutMs: 7000,
      output: 'csv',
      domain: 'https://go.work',
    });

    const env = {
      SHORTY_CONFIG_DIR: dir,
      SHORTY_BASE_URL: 'https://env.example',
      SHORTY_API_KEY: 'sk_env',
      SHORTY_RATE_LIMIT: '20/2s',
      SHORTY_TIMEOUT: '9',
      SHORTY_OUTPUT: 'json',
      SHORTY_DEBUG: '1',
    };
    expect(await resolve({}, env)).toMatchObject({
      baseUrl: 'https://env.example',
      apiKey: 'sk_env',
      rateLimit: { limit: 20, windowMs: 2000, setBy: 'SHORTY_RATE_LIMIT' },
      timeoutMs: 9000,
      output: 'json',
      debug: true,
    });

    const flags = {
      baseUrl: 'https://flag.example',
      apiKey: 'sk_flag',
      rateLimit: '3/1s',
      timeout: '1.5',
      output: 'tsv',
      profile: 'default',
    };
    expect(await resolve(flags, env)).toMatchObject({
      profile: 'default',
      baseUrl: 'https://flag.example',
      apiKey: 'sk_flag',
      rateLimit: { limit: 3, windowMs: 1000, setBy: '--rate-limit' },
      timeoutMs: 1500,
      output: 'tsv',
    });
  });

  it('selects the profile by --profile, then SHORTY_PROFILE, then the saved choice', async () => {
    const dir = freshDir();
    writeConfig(dir, { current: 'b', profiles: { a: { timeout: '1' }, b: { timeout: '2' }, c: { timeout: '3' } } });
    expect((await resolve({}, { SHORTY_CONFIG_DIR: dir })).timeoutMs).toBe(2000);
    expect((await resolve({}, { SHORTY_CONFIG_DIR: dir, SHORTY_PROFILE: 'c' })).timeoutMs).toBe(3000);
    expect((await resolve({ profile: 'a' }, { SHORTY_CONFIG_DIR: dir, SHORTY_PROFILE: 'c' })).timeoutMs).toBe(1000);
  });

  it.each([
    ['--profile', { profile: 'a' }, { SHORTY_PROFILE: 'c' }, { name: 'a', origin: 'flag', via: '--profile' }],
    ['SHORTY_PROFILE', {}, { SHORTY_PROFILE: 'c' }, { name: 'c', origin: 'environment', via: 'SHORTY_PROFILE' }],
    [
      'an empty --profile and SHORTY_PROFILE',
      { profile: ' ' },
      { SHORTY_PROFILE: '' },
      { name: 'b', origin: 'profile', via: 'shorty profiles use' },
    ],
    [
      'a profile login creates',
      { profile: 'new', createsProfile: true },
      {},
      { name: 'new', origin: 'flag', via: '--profile' },
    ],
  ])(
    'the profile read and the one status names as its origin are the same choice: %s',
    async (_name, globals, env, choice) => {
      const dir = freshDir();
      writeConfig(dir, { current: 'b', profiles: { a: { timeout: '1' }, b: { timeout: '2' }, c: { timeout: '3' } } });
      const s = await resolve(globals as GlobalOptions, { SHORTY_CONFIG_DIR: dir, ...env });
      expect(s.profile).toBe(choice.name);
      expect(s.origins.profile).toEqual(choice);
      expect(s.timeoutMs).toBe(choice.name === 'new' ? 30_000 : { a: 1000, b: 2000, c: 3000 }[choice.name]);
    },
  );

  it('without a saved choice the profile is default, and its origin the default', async () => {
    const s = await resolve({}, { SHORTY_CONFIG_DIR: freshDir() });
    expect(s.origins.profile).toEqual({ name: 'default', origin: 'default' });
  });

  it('a profile named by --profile or SHORTY_PROFILE must exist (exit 2)', async () => {
    const dir = freshDir();
    writeConfig(dir, { profiles: { work: {} } });
    await expect(resolve({ profile: 'wrok' }, { SHORTY_CONFIG_DIR: dir })).rejects.toThrow('no profile "wrok"');
    await expect(resolve({}, { SHORTY_CONFIG_DIR: dir, SHORTY_PROFILE: 'wrok' })).rejects.toThrow('no profile "wrok"');
  });

  it('treats an empty env var as unset', async () => {
    const dir = freshDir();
    writeConfig(dir, { profiles: { default: { 'api-key': 'sk_saved' } } });
    expect((await resolve({}, { SHORTY_CONFIG_DIR: dir, SHORTY_API_KEY: '' })).apiKey).toBe('sk_saved');
  });

  it.each([
    [{ timeout: '0' }, {}],
    [{ timeout: 'abc' }, {}],
    [{}, { SHORTY_TIMEOUT: '-1' }],
    [{}, { SHORTY_OUTPUT: 'yaml' }],
    [{ rateLimit: '30' }, {}],
    [{}, { SHORTY_RATE_LIMIT: '0/60s' }],
    [{ baseUrl: 'ftp://x' }, {}],
  ])('rejects invalid values (%j %j) with a usage error', async (globals, env) => {
    await expect(resolve(globals as GlobalOptions, { SHORTY_CONFIG_DIR: freshDir(), ...env })).rejects.toThrow(
      UsageError,
    );
  });

  it('names the broken config file instead of ignoring it', async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), '{nope');
    await expect(resolve({}, { SHORTY_CONFIG_DIR: dir })).rejects.toThrow(/config\.json/);
  });

  it('finds the platform config folder like conf does', () => {
    expect(platformConfigDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/u')).toBe('/x/shorty');
    expect(platformConfigDir({}, 'linux', '/home/u')).toBe('/home/u/.config/shorty');
    expect(platformConfigDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Preferences/shorty');
  });
});

describe('settings store', () => {
  it('writes the file 0600 in a 0700 folder, and tightens an existing loose file', async () => {
    const dir = freshDir();
    const store = await openStore(dir);
    await store.update((data) => {
      data.profiles.default = { 'api-key': 'sk_secret' };
    });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(readConfig(dir).profiles.default).toEqual({ 'api-key': 'sk_secret' });

    chmodSync(store.path, 0o644);
    chmodSync(dir, 0o755);
    await store.update((data) => {
      data.current = 'default';
    });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({
      current: 'default',
      profiles: { default: { 'api-key': 'sk_secret' } },
    });
  });

  it('reading a missing config creates nothing', () => {
    const dir = freshDir();
    expect(readConfig(dir)).toEqual({ profiles: {} });
    expect(() => statSync(dir)).toThrow();
  });
});

describe('config keys', () => {
  it('masks a key, keeping its prefix and last 4 characters', () => {
    expect(maskKey('sk_0123456789abcdef9f2c')).toBe('sk_…9f2c');
    expect(maskKey('0123456789abcdef')).toBe('…cdef');
    expect(maskKey('short')).toBe('…');
  });

  it('shows nothing of a key too short to keep 12 characters hidden behind its prefix and tail', () => {
    expect(maskKey('abcd_wxyz')).toBe('…');
    expect(maskKey('sk_abcdefghij')).toBe('…');
    expect(maskKey('sk_0123456789abcdef')).toBe('sk_…cdef');
    expect(maskKey('0123456789abcdef')).toBe('…cdef');
    expect(maskKey('0123456789abcde')).toBe('…');
  });

  it('validates and normalises values on set', () => {
    expect(normalizeConfigValue('base-url', 'https://sho.rt/api/')).toBe('https://sho.rt');
    expect(normalizeConfigValue('timeout', ' 12 ')).toBe('12');
    expect(normalizeConfigValue('rate-limit', '20/60s')).toBe('20/60s');
    expect(normalizeConfigValue('output', 'ndjson')).toBe('ndjson');
    expect(() => normalizeConfigValue('output', 'xml')).toThrow(UsageError);
    expect(() => normalizeConfigValue('timeout', '0')).toThrow(UsageError);
    expect(() => normalizeConfigValue('rate-limit', 'fast')).toThrow(UsageError);
    expect(() => normalizeConfigValue('base-url', 'sho.rt')).toThrow(UsageError);
    expect(() => parseConfigKey('colour')).toThrow(/expected one of base-url, api-key/);
  });
});

describe('jsonErrorReason', () => {
  const reason = (text: string) => {
    try {
      JSON.parse(text);
    } catch (err) {
      return jsonErrorReason(err, text);
    }
    throw new Error(`${text} is valid JSON`);
  };
  test('in the same words on Node 20 and on Node 22+ (which adds its own line and column)', () => {
    const expected = {
      '{"a": "x",}': 'expected double-quoted property name at line 1, column 11',
      '{"a": "sk_secret': 'unterminated string at line 1, column 17',
      '{"a" "b"}': "expected ':' after property name at line 1, column 6",
      '{"a":1}}': 'unexpected non-whitespace character after JSON at line 1, column 8',
      "{'a':1}": "expected property name or '}' at line 1, column 2",
      '{"a":"\\q"}': 'bad escaped character at line 1, column 8',
      '': 'unexpected end of JSON input',
      '[1,2': "expected ',' or ']' after array element at line 1, column 5",
    };
    const got = Object.fromEntries(Object.keys(expected).map((text) => [text, reason(text)]));
    expect(got).toEqual(expected);
  });

  test('an unexpected token: where, from the text V8 quotes, and never that text (it may hold the key)', () => {
    const config = '{\n  "profiles": {\n    "work": { "api-key": sk_live_0123456789abcdef }\n  }\n}';
    expect(reason(config)).toBe('unexpected character at line 3, column 26');
    expect(reason('{"a": sk_live_0123456789}')).toBe('unexpected character at line 1, column 7');
    expect(reason('[1,]')).toBe('unexpected character');
  });
});
