// `shorty api` as its parser fills it: register() with a stand-in for run (the runF seam), so the
// parsing is checked without a request; then run(opts, ctx) called directly, as a caller other
// than the command line would.
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../src/commands/api/index.js';
import { run } from '../../src/commands/api/run.js';
import type { ApiOptions } from '../../src/commands/api/options.js';
import type { RunF } from '../../src/commands/shared/action.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { verbContext } from '../helpers/verb-context.js';

async function parsed(args: string[]): Promise<ApiOptions> {
  const { ctx } = await verbContext({});
  let seen: ApiOptions | undefined;
  const runF: RunF<ApiOptions> = async (opts) => {
    seen = opts;
  };
  const api = new Command('api').exitOverride();
  register(api, ctx, runF);
  await api.parseAsync(args, { from: 'user' });
  await ctx.close();
  if (!seen) throw new Error('run was not called');
  return seen;
}

describe('shorty api: what the parser gives run', () => {
  it('the method and path as typed, -f repeated in order, --input and --paginate', async () => {
    expect(await parsed(['get', '/urls', '-f', 'limit=5', '--field', 'order=click', '--paginate'])).toEqual({
      method: 'get',
      path: '/urls',
      field: ['limit=5', 'order=click'],
      paginate: true,
    });
    expect(await parsed(['POST', '/channel/add', '--input', '-'])).toEqual({
      method: 'POST',
      path: '/channel/add',
      input: '-',
    });
  });
});

describe('shorty api: run(opts, ctx) without the parser', () => {
  let sandbox: StartedSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  const onSandbox = (output?: 'ndjson' | 'csv') =>
    verbContext({ SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey }, { output });

  it('sends the request and prints the answer', async () => {
    const { ctx, io } = await onSandbox('ndjson');
    await run({ method: 'get', path: '/api/account' }, ctx);
    await ctx.close();
    expect(JSON.parse(io.out())).toMatchObject({ error: 0, data: { email: expect.any(String) } });
  });

  it('checks its own options before any request: -o csv is refused, exit 2', async () => {
    const { ctx } = await onSandbox('csv');
    await sandbox.admin.reset();
    await expect(run({ method: 'GET', path: '/urls' }, ctx)).rejects.toMatchObject({ exitCode: 2 });
    await ctx.close();
    expect(await sandbox.admin.requests()).toEqual([]);
  });
});
