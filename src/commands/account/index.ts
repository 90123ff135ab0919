import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { getAccount } from '../../ops/account.js';
import type { View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { updateAccount, type AccountFlags } from './update.js';
import { answers } from '../shared/surface.js';

const VIEW: View = {
  columns: ['id', 'email', 'username', 'status', 'expires', 'registered'],
  fields: ['id', 'email', 'username', 'avatar', 'status', 'expires', 'registered'],
  extraFields: ['planid'],
};

export function register(account: Command, ctx: Context): void {
  examples(account, 'shorty account', 'shorty account update --email me@example.com');

  const get = verb(account, 'get', 'show your account (also bare `shorty account`)', { isDefault: true }).action(
    action(ctx, async () => {
      const account = await getAccount(ctx);
      await (await ctx.printer()).object(account, VIEW);
    }),
  );
  answers(get, VIEW);
  examples(get, 'shorty account get', 'shorty account --json', 'shorty account --fields email,expires');

  const update = verb(account, 'update', 'change your email and/or password')
    .option('--email <email>', 'new email address')
    .option('--password-stdin', 'read the new password from stdin (for scripts)')
    .action(action(ctx, (flags: AccountFlags) => updateAccount(ctx, flags)));
  examples(
    update,
    'shorty account update --email me@example.com',
    'shorty account update            # prompts for a new password',
    'printf "%s" "$NEW_PASSWORD" | shorty account update --password-stdin',
  );
}
