import type { Command } from 'commander';
import { completeArgumentFrom, PROFILE_NAMES } from '../../completion/values.js';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import { configDirOf, loadStore } from './store.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface UseOptions {
  name: string;
}

export function register(profiles: Command, ctx: Context): void {
  const use = profiles
    .command('use <name>')
    .description('make a profile the one used when --profile and SHORTY_PROFILE are not given')
    .action(action(ctx, (name: string) => run({ name }, ctx)));
  completeArgumentFrom(use, 'name', PROFILE_NAMES);
  examples(use, 'shorty profiles use work');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: UseOptions, ctx: Context): Promise<void> {
  const dir = await configDirOf(ctx);
  const { DEFAULT_PROFILE, openStore, readConfig, requireProfile } = await loadStore();
  // `default` needs no saving to be used: switching back to it is always possible.
  if (opts.name !== DEFAULT_PROFILE) requireProfile(readConfig(dir, ctx.io.stderr), opts.name);
  await (await openStore(dir)).update((data) => {
    data.current = opts.name;
  });
  await (await ctx.printer()).message({ message: `now using profile "${opts.name}"` });
}
