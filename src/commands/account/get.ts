import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { getAccount } from '../../ops/account.js';
import type { View } from '../../output/printer.js';
import { action, examples, type RunF } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { answers } from '../shared/surface.js';

const VIEW: View = {
  columns: ['id', 'email', 'username', 'status', 'expires', 'registered'],
  fields: ['id', 'email', 'username', 'avatar', 'status', 'expires', 'registered'],
  extraFields: ['planid'],
};

/** What run() takes: the verb has no flags of its own. @public */
export type GetOptions = Record<string, never>;

export function register(account: Command, ctx: Context, runF: RunF<GetOptions> = run): void {
  const get = verb(account, 'get', 'show your account (also bare `shorty account`)', { isDefault: true }).action(
    action(ctx, () => runF({}, ctx)),
  );
  answers(get, VIEW);
  examples(get, 'shorty account get', 'shorty account --json', 'shorty account --fields email,expires');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(_opts: GetOptions, ctx: Context): Promise<void> {
  const account = await getAccount(ctx);
  await (await ctx.printer()).object(account, VIEW);
}
