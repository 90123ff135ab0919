import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';
import { action, examples, type RunF } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { readStdinSecret } from '../shared/stdin.js';

/** What run() takes: the flags as the parser fills them. @public */
export interface UpdateOptions {
  email?: string;
  passwordStdin?: boolean;
}

export function register(account: Command, ctx: Context, runF: RunF<UpdateOptions> = run): void {
  const update = verb(account, 'update', 'change your email and/or password')
    .option('--email <email>', 'new email address')
    .option('--password-stdin', 'read the new password from stdin (for scripts)')
    .action(action(ctx, (flags: UpdateOptions) => runF(flags, ctx)));
  examples(
    update,
    'shorty account update --email me@example.com',
    'shorty account update            # prompts for a new password',
    'printf "%s" "$NEW_PASSWORD" | shorty account update --password-stdin',
  );
}

function parseEmail(value: string): string {
  const email = value.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`invalid email "${value}"`);
  return email;
}

/**
 * @public the verb's seam: parsed options and a context, no parser. PUT /account/update with what
 * the flags (or, on a terminal, the prompts) give.
 */
export async function run(flags: UpdateOptions, ctx: Context): Promise<void> {
  const body: Record<string, string> = {};
  if (flags.email !== undefined) body.email = parseEmail(flags.email);
  if (flags.passwordStdin) body.password = await readStdinSecret(ctx, 'password');
  if (Object.keys(body).length === 0 && !canPrompt(ctx.io)) {
    throw new UsageError(
      'nothing to update: pass --email E and/or --password-stdin',
      'without a terminal the new password can only come from stdin: printf "%s" "$PW" | shorty account update --password-stdin',
    );
  }
  // Settings and key are checked before asking for a password that could not be sent anyway.
  const api = await ctx.api();
  if (Object.keys(body).length === 0) body.password = await promptPassword(ctx);
  ctx.secrets.add(body.password);
  const res = await api.call('PUT', '/account/update', { body });
  await (await ctx.printer()).message(res);
}

async function promptPassword(ctx: Context): Promise<string> {
  const prompter = await ctx.prompter();
  const password = await prompter.password('New password');
  if (password === '') throw new UsageError('the password must not be empty');
  if ((await prompter.password('Repeat the new password')) !== password) {
    throw new UsageError('the passwords do not match; nothing was changed');
  }
  return password;
}
