// Profiles: a profile that is named must exist (exit 2, nothing sent), deleting one asks first
// and says which profile is current afterwards.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run as deleteProfile } from '../../src/commands/profiles/delete.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import type { Prompter } from '../../src/prompter.js';
import { configWith } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });

const saved = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

describe('a profile that is named must exist', () => {
  const hint = 'hint: profiles: work, home\n';
  it.each([
    ['urls list --profile wrok', ['urls', 'list', '--profile', 'wrok'], {}],
    ['SHORTY_PROFILE=wrok urls list', ['urls', 'list'], { SHORTY_PROFILE: 'wrok' }],
    ['logout --profile wrok', ['logout', '--profile', 'wrok'], {}],
    ['config get --profile wrok', ['config', 'get', 'timeout', '--profile', 'wrok'], {}],
    ['config list --profile wrok', ['config', 'list', '--profile', 'wrok'], {}],
    ['profiles use wrok', ['profiles', 'use', 'wrok'], {}],
    ['profiles delete wrok', ['profiles', 'delete', 'wrok', '-y'], {}],
  ])('%s: exit 2 with the profiles there are, nothing sent', async (_name, args, env) => {
    const configDir = configWith({ work: { timeout: '4' }, home: {} });
    const res = await cli.runLogged(args, { configDir, env });
    expect(res).toMatchObject({ exitCode: 2, stdout: '', stderr: `shorty: no profile "wrok"\n${hint}` });
    expect(res.requests).toEqual([]);
  });

  it('hints at login when there is no profile at all; `default` never needs saving', async () => {
    const res = await cli.runLogged(['urls', 'list', '--profile', 'ci']);
    expect(res.stderr).toBe('shorty: no profile "ci"\nhint: create it with `shorty login --profile ci`\n');
    expect((await cli.runLogged(['urls', 'list', '--profile', 'default', '-q'])).exitCode).toBe(0);
    expect((await cli.run(['profiles', 'use', 'default'])).exitCode).toBe(0);
  });

  it('config set creates the profile it names', async () => {
    const configDir = configWith({});
    const res = await cli.run(['config', 'set', 'timeout', '7', '--profile', 'new'], { configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(saved(configDir).profiles.new).toEqual({ timeout: '7' });
  });
});

describe('profiles delete', () => {
  it('refuses without -y when it cannot ask (exit 2, nothing deleted)', async () => {
    const configDir = configWith({ work: {}, home: {} }, 'work');
    const res = await cli.run(['profiles', 'delete', 'work'], { configDir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: refusing to delete without confirmation: pass -y/);
    expect(Object.keys(saved(configDir).profiles)).toEqual(['work', 'home']);
  });

  it('says which profile is current once the current one is gone', async () => {
    const configDir = configWith({ default: {}, work: {} }, 'work');
    const res = await cli.run(['profiles', 'delete', 'work', '-y'], { configDir });
    expect(res).toMatchObject({
      exitCode: 0,
      stdout: '',
      stderr: '✓ deleted profile "work"; the current profile is "default"\n',
    });
    expect(saved(configDir)).toEqual({ profiles: { default: {} } });
    const other = configWith({ work: {}, home: {} }, 'home');
    const json = await cli.run(['profiles', 'delete', 'work', '-y', '--json'], { configDir: other });
    expect(JSON.parse(json.stdout)).toEqual({
      message: 'deleted profile "work"; the current profile is "home"',
      deleted: 'work',
      current: 'home',
    });
    const last = await cli.run(['profiles', 'delete', 'home', '-y'], { configDir: other });
    expect(last.stderr).toBe(
      '✓ deleted profile "home"; the current profile is "default", which has no settings: run `shorty login`\n',
    );
  });

  it('asks on a terminal; no keeps the profile (exit 1)', async () => {
    for (const answer of [false, true]) {
      const configDir = configWith({ work: {} });
      const io = await createTestIO({ tty: true });
      const ctx = createContext({
        io,
        env: { SHORTY_CONFIG_DIR: configDir, NO_COLOR: '1' },
        now: () => Date.now(),
        sleep: async () => {},
        signal: new AbortController().signal,
      });
      const asked: string[] = [];
      ctx.prompter = async () =>
        ({ confirm: async (message: string) => (asked.push(message), answer) }) as unknown as Prompter;
      const deleting = deleteProfile({ name: 'work' }, ctx);
      await (answer
        ? expect(deleting).resolves.toBeUndefined()
        : expect(deleting).rejects.toMatchObject({ exitCode: 1, message: 'nothing deleted' }));
      await ctx.close();
      expect(asked).toEqual(['Delete profile "work" and its saved API key? This cannot be undone.']);
      expect(Object.keys(saved(configDir).profiles)).toEqual(answer ? [] : ['work']);
      expect(io.err()).toBe(
        answer
          ? '✓ deleted profile "work"; the current profile is "default", which has no settings: run `shorty login`\n'
          : '',
      );
    }
  });
});

describe('--no-headers', () => {
  it('is a global flag, before or after the command', async () => {
    const configDir = configWith({ work: {}, home: {} });
    const withHeader = await cli.run(['profiles', 'list', '-o', 'csv', '--fields', 'name'], { configDir });
    expect(withHeader.stdout).toBe('name\nwork\nhome\n');
    expect(
      (await cli.run(['profiles', 'list', '-o', 'csv', '--fields', 'name', '--no-headers'], { configDir })).stdout,
    ).toBe('work\nhome\n');
    expect(
      (await cli.run(['--no-headers', 'profiles', 'list', '-o', 'tsv', '--fields', 'name'], { configDir })).stdout,
    ).toBe('work\nhome\n');
  });
});
