import type { Command } from 'commander';
import { completeArgument } from '../../completion/values.js';
import type { Context } from '../../context.js';
import { CONFIG_KEYS, parseConfigKey } from '../../settings/keys.js';
import { action, examples } from '../shared/action.js';
import { loadStore, selected } from './selected.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface UnsetOptions {
  key: string;
}

export function register(config: Command, ctx: Context): void {
  const unset = config
    .command('unset <key>')
    .description('remove one setting (the default applies again)')
    .action(action(ctx, (key: string) => run({ key }, ctx)));
  completeArgument(unset, 'key', CONFIG_KEYS);
  examples(unset, 'shorty config unset rate-limit');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: UnsetOptions, ctx: Context): Promise<void> {
  const key = parseConfigKey(opts.key);
  const { dir, profile, values } = await selected(ctx);
  if (values[key] !== undefined) {
    const { openStore } = await loadStore();
    await (await openStore(dir)).update((data) => {
      const { [key]: _removed, ...rest } = data.profiles[profile] ?? {};
      data.profiles[profile] = rest;
    });
  }
  await (await ctx.printer()).message({ message: `unset ${key} in profile "${profile}"` });
}
