import type { Command } from 'commander';
import { completeArgument } from '../../completion/values.js';
import type { Context } from '../../context.js';
import { CONFIG_KEYS, normalizeConfigValue, parseConfigKey } from '../../settings/keys.js';
import { action, examples } from '../shared/action.js';
import { loadStore, selected, shown } from './selected.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface SetOptions {
  key: string;
  value: string;
}

export function register(config: Command, ctx: Context): void {
  const set = config
    .command('set <key> <value>')
    .description('change one setting (checked before it is saved)')
    .action(action(ctx, (key: string, value: string) => run({ key, value }, ctx)));
  completeArgument(set, 'key', CONFIG_KEYS);
  examples(
    set,
    'shorty config set base-url https://sho.rt',
    'shorty config set output json',
    'shorty config set domain https://go.example.com',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: SetOptions, ctx: Context): Promise<void> {
  const key = parseConfigKey(opts.key);
  const value = normalizeConfigValue(key, opts.value);
  const { dir, profile, values } = await selected(ctx, { check: false });
  const { openStore } = await loadStore();
  await (await openStore(dir)).update((data) => {
    data.profiles[profile] = { ...data.profiles[profile], [key]: value };
  });
  const printer = await ctx.printer();
  await printer.message({ message: `set ${key} = ${shown(key, value)} in profile "${profile}"` });
  // The key is bound to the base URL saved beside it (requireApiKey): say so while there is none.
  if (key === 'api-key' && values['base-url'] === undefined)
    await printer.note(
      `note: profile "${profile}" has no base URL: its key goes to no host until \`shorty config set base-url URL --profile ${profile}\``,
    );
}
