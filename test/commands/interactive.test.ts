// The prompts on a terminal: a real context against the sandbox, with scripted answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accountUpdate from '../../src/commands/account/update.js';
import * as login from '../../src/commands/auth/login.js';
import { deleteMany } from '../../src/commands/shared/delete.js';
import type { Context, GlobalOptions } from '../../src/context.js';
import { createContext } from '../../src/factory.js';
import { createTestIO, type TestIO } from '../../src/io.js';
import type { Prompter } from '../../src/prompter.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/cli.js';

let sandbox: StartedSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** Answers prompts from a script, recording the questions. */
function scripted(answers: (string | boolean)[]): Prompter & { asked: string[] } {
  const asked: string[] = [];
  const next = async (message: string) => {
    asked.push(message);
    if (answers.length === 0) throw new Error(`unexpected prompt: ${message}`);
    return answers.shift()!;
  };
  return {
    asked,
    input: async (message) => String(await next(message)),
    password: async (message) => String(await next(message)),
    confirm: async (message) => Boolean(await next(message)),
  };
}

async function terminalContext(prompter: Prompter, env: Record<string, string> = {}, globals: GlobalOptions = {}) {
  const io: TestIO = await createTestIO({ tty: true });
  const configDir = join(tempDir('shorty-interactive-'), 'cfg');
  const ctx: Context = createContext(
    {
      io,
      env: { SHORTY_CONFIG_DIR: configDir, SHORTY_RATE_LIMIT: '1000/60s', NO_COLOR: '1', ...env },
      now: () => Date.now(),
      sleep: async () => {},
      signal: new AbortController().signal,
    },
    globals,
  );
  ctx.prompter = async () => prompter;
  return { ctx, io, configDir };
}

const keyEnv = () => ({ SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey });

describe('on a terminal', () => {
  it('asks before deleting, and sends nothing when the answer is no', async () => {
    const id = (await sandbox.api('POST', '/domain/add', { domain: 'https://ask.example.com' })).json.id as number;
    const no = scripted([false]);
    const { ctx, io } = await terminalContext(no, keyEnv());
    await sandbox.admin.reset();
    await expect(
      deleteMany(ctx, { ids: [String(id)], noun: 'domain', path: (i) => `/domain/${i}/delete` }),
    ).rejects.toMatchObject({ exitCode: 1, message: 'nothing deleted' });
    await ctx.close();
    expect(no.asked).toEqual([`Delete domain ${id}? This cannot be undone.`]);
    expect(io.err()).toBe('');
    expect(await sandbox.admin.requests()).toEqual([]);

    const yes = scripted([true]);
    const second = await terminalContext(yes, keyEnv());
    await deleteMany(second.ctx, { ids: [String(id)], noun: 'domain', path: (i) => `/domain/${i}/delete` });
    await second.ctx.close();
    expect((await sandbox.admin.requests()).map((r) => r.method)).toEqual(['DELETE']);
  });

  it('does not ask with -y', async () => {
    const id = (await sandbox.api('POST', '/domain/add', { domain: 'https://noask.example.com' })).json.id as number;
    const prompter = scripted([]);
    const { ctx } = await terminalContext(prompter, keyEnv(), { yes: true });
    await deleteMany(ctx, { ids: [String(id)], noun: 'domain', path: (i) => `/domain/${i}/delete` });
    await ctx.close();
    expect(prompter.asked).toEqual([]);
  });

  it('logs in with prompted base URL and key, and saves them', async () => {
    const prompter = scripted([`${sandbox.baseUrl}/`, sandbox.apiKey]);
    const { ctx, configDir } = await terminalContext(prompter);
    await login.run({}, ctx);
    await ctx.close();
    expect(prompter.asked).toEqual(['Base URL of the service', 'API key']);
    const saved = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
    expect(saved.profiles.default).toEqual({ 'base-url': sandbox.baseUrl, 'api-key': sandbox.apiKey });
  });

  it('prompts twice for a new password and refuses a mismatch', async () => {
    const mismatch = scripted(['one-password', 'another-one']);
    const first = await terminalContext(mismatch, keyEnv());
    await sandbox.admin.reset();
    await expect(accountUpdate.run({}, first.ctx)).rejects.toThrow(/do not match/);
    await first.ctx.close();
    expect(await sandbox.admin.requests()).toEqual([]);

    const match = scripted(['new-password', 'new-password']);
    const second = await terminalContext(match, keyEnv());
    await accountUpdate.run({}, second.ctx);
    await second.ctx.close();
    expect((await sandbox.admin.requests()).map((r) => r.body)).toEqual([{ password: 'new-password' }]);
  });
});
