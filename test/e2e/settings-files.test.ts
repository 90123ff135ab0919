// The config folder and file when they are not what shorty expects: a folder that can't be
// written, a file with a syntax error or loose permissions, profile names an object already has.
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimPrivateDir } from '../../src/api/rate-store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });
const uid = process.getuid!();

/** A config folder no one can write, root included: its path leads through a file. */
const unwritableConfigDir = () => join(writeFile(join(tempDir(), 'a-file'), 'x'), 'shorty');

function writeFile(path: string, text: string): string {
  writeFileSync(path, text);
  return path;
}

describe('a config folder that cannot be written', () => {
  it('requests still work: the rate-limit state moves to a private folder under the temp folder, with one warning', async () => {
    const configDir = unwritableConfigDir();
    const tmp = tempDir();
    const res = await runCli(['urls', 'list', '-q'], { configDir, env: { ...cli.env, TMPDIR: tmp } });
    expect(res.exitCode, res.stderr).toBe(0);
    const fallback = join(tmp, `shorty-${uid}`);
    expect(res.stderr).toBe(
      `warning: cannot write the config folder ${configDir}: a part of the path is not a folder (ENOTDIR); ` +
        `the rate-limit state is kept in ${fallback} instead\n`,
    );
    expect(statSync(fallback).mode & 0o777).toBe(0o700);
    expect(statSync(join(fallback, 'ratelimit')).isDirectory()).toBe(true);
  });

  it('a fallback folder that is a symlink (someone else may have planted it) is refused: exit 2, nothing sent', async () => {
    const tmp = tempDir();
    const fallback = join(tmp, `shorty-${uid}`);
    symlinkSync(tempDir(), fallback);
    await cli.sandbox.admin.reset();
    const res = await runCli(['urls', 'list'], { configDir: unwritableConfigDir(), env: { ...cli.env, TMPDIR: tmp } });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(
      new RegExp(
        `^shorty: cannot write the config folder .*; and the rate-limit state's fallback folder ${fallback} is a symbolic link, and shorty never follows one in its folders: remove it \\(rm ${fallback}\\)$`,
        'm',
      ),
    );
    expect(res.stderr).toMatch(/^hint: set SHORTY_CONFIG_DIR to a folder you can write$/m);
    expect(await cli.sandbox.admin.requests()).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'a fallback folder of another user is refused; ours is made private [skipped unless root: chown needs it]',
    () => {
      const folder = join(tempDir(), 'fallback');
      mkdirSync(folder, { mode: 0o755 });
      chownSync(folder, 65534, 65534);
      expect(() => claimPrivateDir(folder, 'why')).toThrow(
        `why; and the rate-limit state's fallback folder ${folder} belongs to another user (uid 65534, mode 0755)`,
      );
      chownSync(folder, uid, uid);
      claimPrivateDir(folder, 'why');
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    },
  );

  it('config set: exit 2 naming the folder', async () => {
    const configDir = unwritableConfigDir();
    const res = await runInProcess(['config', 'set', 'output', 'json'], { configDir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(
      new RegExp(
        `^shorty: cannot write the config folder ${configDir}: a part of the path is not a folder \\(ENOTDIR\\)$`,
        'm',
      ),
    );
  });

  it('login fails before asking for or checking the key, naming the folder', async () => {
    const configDir = unwritableConfigDir();
    await cli.sandbox.admin.reset();
    const res = await runInProcess(['login', '--base-url', cli.sandbox.baseUrl, '--with-key'], {
      configDir,
      input: `${cli.sandbox.apiKey}\n`,
    });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toBe(
      `shorty: cannot write the config folder ${configDir}: a part of the path is not a folder (ENOTDIR)\n` +
        'hint: check that folder, or set SHORTY_CONFIG_DIR to another one\n',
    );
    expect(await cli.sandbox.admin.requests()).toEqual([]);
  });
});

describe('the config file', () => {
  const key = 'sk_live_0123456789abcdefSECRET';

  it('with a syntax error: one line naming the file and the position, never its content', async () => {
    const configDir = tempDir();
    const file = writeFile(
      join(configDir, 'config.json'),
      `{\n  "profiles": {\n    "default": { "api-key": ${key} }\n  }\n}\n`,
    );
    chmodSync(file, 0o600);
    for (const command of [
      ['urls', 'list'],
      ['config', 'list'],
      ['config', 'set', 'output', 'json'],
      ['profiles', 'list'],
    ]) {
      const res = await runInProcess(command, { configDir, env: { SHORTY_BASE_URL: cli.sandbox.baseUrl } });
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toBe(
        `shorty: the config file ${file} is not valid JSON: unexpected character at line 3, column 29\n` +
          'hint: fix it by hand, or remove it and run `shorty login` again\n',
      );
    }
    expect(readFileSync(file, 'utf8')).toContain(key);
  });

  it('that is a folder: one line naming it, exit 2', async () => {
    const configDir = tempDir();
    mkdirSync(join(configDir, 'config.json'));
    const res = await runInProcess(['config', 'list'], { configDir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toBe(
      `shorty: cannot read the config file ${join(configDir, 'config.json')}: it is a folder (EISDIR)\nhint: give the path of a file\n`,
    );
  });

  it('readable by others: one warning line when it is read, never an error', async () => {
    const configDir = tempDir();
    const file = writeFile(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { default: { 'base-url': cli.sandbox.baseUrl, 'api-key': cli.sandbox.apiKey } } }),
    );
    chmodSync(file, 0o644);
    const loose = await runInProcess(['urls', 'list', '-q', '--limit', '1'], { configDir });
    expect(loose.exitCode).toBe(0);
    expect(loose.stderr).toBe(
      `warning: the config file ${file} holds API keys and others can read it (mode 0644): chmod 600 ${file}\n`,
    );
    chmodSync(file, 0o640);
    expect((await runInProcess(['config', 'get', 'base-url'], { configDir })).stderr).toMatch(
      /^warning: .*\(mode 0640\)/,
    );
    chmodSync(file, 0o600);
    const tight = await runInProcess(['urls', 'list', '-q', '--limit', '1'], { configDir });
    expect(tight).toMatchObject({ exitCode: 0, stderr: '' });
  });
});

/** `shorty login --profile NAME` against the sandbox, the key on stdin. */
const loginAs = (configDir: string, name: string) =>
  runInProcess(['login', '--profile', name, '--base-url', cli.sandbox.baseUrl, '--with-key'], {
    configDir,
    input: `${cli.sandbox.apiKey}\n`,
  });

describe('profile names an object already has', () => {
  it.each(['__proto__', 'constructor', 'prototype'])(
    '%s is refused with exit 2 before anything is saved',
    async (name) => {
      const configDir = join(tempDir(), 'shorty');
      const login = await loginAs(configDir, name);
      expect(login.exitCode).toBe(2);
      expect(login.stderr).toBe(
        `shorty: invalid --profile "${name}": the name is reserved\nhint: choose another name, e.g. work or ci\n`,
      );
      const set = await runInProcess(['config', 'set', 'output', 'json'], { configDir, env: { SHORTY_PROFILE: name } });
      expect(set.exitCode).toBe(2);
      expect(set.stderr).toMatch(/^shorty: invalid SHORTY_PROFILE/);
      expect((await runInProcess(['profiles', 'use', name], { configDir })).exitCode).toBe(2);
      expect(existsSync(join(configDir, 'config.json'))).toBe(false);
    },
  );

  it('a config file that names one is read without it', async () => {
    const configDir = tempDir();
    writeFile(
      join(configDir, 'config.json'),
      `{"current":"__proto__","profiles":{"__proto__":{"base-url":"http://evil.example"},"work":{"output":"json"}}}`,
    );
    chmodSync(join(configDir, 'config.json'), 0o600);
    expect(await runInProcess(['profiles', 'list', '-q'], { configDir })).toMatchObject({
      exitCode: 0,
      stdout: 'work\n',
    });
    // The profile in use is `default`, which sets nothing.
    expect(await runInProcess(['config', 'get', 'base-url'], { configDir })).toMatchObject({ exitCode: 1, stdout: '' });
  });
});

describe('profile names outside letters, digits, . _ - @ (at most 64)', () => {
  const RULE = 'a profile name is letters, digits, . _ - @ (at most 64, the first a letter or digit)';
  it.each(['x$(touch$IFS/tmp/PWN)', 'a b', "it's", '-x', 'a'.repeat(65), 'tab\there'])(
    '%j is refused where a profile is made, with exit 2, before anything is saved',
    async (name) => {
      const configDir = join(tempDir(), 'shorty');
      const login = await loginAs(configDir, name);
      expect(login.exitCode).toBe(2);
      expect(login.stderr).toMatch(
        new RegExp(
          `^shorty: invalid --profile ".*": ${RULE.replace(/[().]/g, '\\$&')}\nhint: e\\.g\\. work, ci-eu or me@work\n$`,
        ),
      );
      const set = await runInProcess(['config', 'set', 'output', 'json'], { configDir, env: { SHORTY_PROFILE: name } });
      expect(set.exitCode).toBe(2);
      expect(set.stderr).toMatch(/^shorty: invalid SHORTY_PROFILE/);
      expect((await runInProcess(['config', 'set', 'output', 'json', '--profile', name], { configDir })).exitCode).toBe(
        2,
      );
      expect((await runInProcess(['profiles', 'use', name], { configDir })).exitCode).toBe(2);
      expect(existsSync(join(configDir, 'config.json'))).toBe(false);
    },
  );

  it('me@work, ci-eu and a.b_c are made', async () => {
    const configDir = join(tempDir(), 'shorty');
    for (const name of ['me@work', 'ci-eu', 'a.b_c', 'A'.repeat(64)])
      expect(await runInProcess(['config', 'set', 'output', 'json', '--profile', name], { configDir })).toMatchObject({
        exitCode: 0,
      });
  });

  it('one an older shorty saved is refused when chosen, with how to rename it; it can be listed and deleted', async () => {
    const configDir = tempDir();
    const bad = 'my work';
    writeFile(join(configDir, 'config.json'), JSON.stringify({ current: bad, profiles: { [bad]: {}, work: {} } }));
    chmodSync(join(configDir, 'config.json'), 0o600);
    const hint =
      'hint: rename it: in the config file (`shorty config path`), change the name under "profiles" (and "current" if it is there) to one such as work-eu\n';
    for (const [args, env] of [
      [['urls', 'list'], {}],
      [['urls', 'list', '--profile', bad], {}],
      [['status', '--offline'], { SHORTY_PROFILE: bad }],
      [['profiles', 'use', bad], {}],
      [['config', 'set', 'output', 'json'], {}],
      [['login', '--base-url', 'https://sho.rt', '--with-key'], {}],
    ] as const) {
      const res = await runInProcess([...args], { configDir, env: { ...env } });
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr).toBe(`shorty: the profile "${bad}" has a name shorty no longer uses: ${RULE}\n${hint}`);
    }
    expect(await runInProcess(['profiles', 'use', 'work'], { configDir })).toMatchObject({ exitCode: 0 });
    expect(await runInProcess(['profiles', 'list', '-q'], { configDir })).toMatchObject({ stdout: `${bad}\nwork\n` });
    expect(await runInProcess(['profiles', 'delete', bad, '-y'], { configDir })).toMatchObject({ exitCode: 0 });
    expect(await runInProcess(['profiles', 'list', '-q'], { configDir })).toMatchObject({ stdout: 'work\n' });
  });
});
