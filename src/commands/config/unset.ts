import type { Command } from 'commander';
import { completeArgument } from '../../completion/values.js';
import type { Context } from '../../context.js';
import { CONFIG_KEYS, parseConfigKey, removedWith } from '../../settings/keys.js';
import { action, examples, notes } from '../shared/action.js';
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
  notes(
    unset,
    'Unsetting base-url removes the saved api-key too: a saved key goes only to the base URL saved ' +
      'with it. Log in again (`shorty login`) to save both.',
  );
  completeArgument(unset, 'key', CONFIG_KEYS);
  examples(unset, 'shorty config unset rate-limit');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: UnsetOptions, ctx: Context): Promise<void> {
  const key = parseConfigKey(opts.key);
  const { dir, profile, values } = await selected(ctx);
  const also = removedWith(key).filter((other) => values[other] !== undefined);
  if (values[key] !== undefined || also.length > 0) {
    const { openStore } = await loadStore();
    await (await openStore(dir)).update((data) => {
      const rest = { ...data.profiles[profile] };
      for (const gone of [key, ...also]) delete rest[gone];
      data.profiles[profile] = rest;
    });
  }
  const removed =
    also.length > 0 ? ` and its ${also.join(', ')} (a saved key goes only to the base URL saved with it)` : '';
  await (await ctx.printer()).message({ message: `unset ${key}${removed} in profile "${profile}"` });
}
