import type { Command } from 'commander';
import { completeArgument } from '../../completion/values.js';
import type { Context } from '../../context.js';
import { EXIT, ShortyError, UsageError } from '../../errors.js';
import { CONFIG_KEYS, parseConfigKey } from '../../settings/keys.js';
import { action, examples, notes } from '../shared/action.js';
import { override, profileKey, selected, shown } from './selected.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface GetOptions {
  key: string;
  reveal?: boolean;
}

export function register(config: Command, ctx: Context): void {
  const get = config
    .command('get <key>')
    .description('print one setting (nothing, and exit 1, when it is not set)')
    .option('--reveal', 'api-key, rate-store: print the value unmasked, into a pipe or a file only')
    .action(action(ctx, (key: string, flags: { reveal?: boolean }) => run({ ...flags, key }, ctx)));
  notes(
    get,
    'Prints the value saved in the profile (the key from the OS keyring for a profile saved with ' +
      '`login --keyring`). When an environment variable (SHORTY_BASE_URL...) ' +
      'overrides it, a note on stderr says so; `shorty status` shows the values in force.\n' +
      'The key and the rate store URL are masked; --reveal prints them whole, but only into a pipe ' +
      'or a file (never onto a terminal, which may be recorded or shared): ' +
      '`export SHORTY_API_KEY=$(shorty config get api-key --reveal)`. The curl lines of ' +
      "SHORTY_DEBUG=curl read a profile's key that way.",
  );
  completeArgument(get, 'key', CONFIG_KEYS);
  examples(
    get,
    'shorty config get base-url',
    'shorty config get api-key   # masked: sk_…9f2c',
    'export SHORTY_API_KEY=$(shorty config get api-key --reveal)',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: GetOptions, ctx: Context): Promise<void> {
  const key = parseConfigKey(opts.key);
  if (opts.reveal) checkReveal(ctx);
  const { profile, values } = await selected(ctx);
  const saved = key === 'api-key' ? await profileKey(profile, values) : values[key];
  const value = opts.reveal ? (saved ?? null) : shown(key, saved);
  // stdout keeps the profile's value (scripts read it); a person learns on stderr that runs use another.
  const overridden = override(ctx, key);
  if (value === null) throw new ShortyError(`${key} is not set in profile "${profile}"`, EXIT.api, overridden);
  ctx.io.stdout.write(`${value}\n`);
  if (overridden) await (await ctx.printer()).note(`note: ${overridden}`);
}

/** A secret goes whole into a pipe or a file only: a terminal may be recorded, shared or looked at. */
function checkReveal(ctx: Context): void {
  if (ctx.io.stdoutIsTTY)
    throw new UsageError(
      '--reveal prints a secret: only into a pipe or a file, not onto a terminal',
      'e.g. export SHORTY_API_KEY=$(shorty config get api-key --reveal)',
    );
}
