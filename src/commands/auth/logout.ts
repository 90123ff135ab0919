import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { KEYRING_REF } from '../../settings/keyring.js';
import { configDir } from '../../settings/paths.js';
import { openStore, profileOf, readConfig, selectProfile } from '../../settings/store.js';
import { action, examples, type RunF } from '../shared/action.js';

/** What run() takes: the command has no flags of its own. @public */
export type LogoutOptions = Record<string, never>;

export function register(logout: Command, ctx: Context, runF: RunF<LogoutOptions> = run): void {
  logout.action(action(ctx, () => runF({}, ctx)));
  examples(logout, 'shorty logout', 'shorty logout --profile work');
}

/**
 * @public the verb's seam: parsed options and a context, no parser. Forgets the key of the
 * selected profile; the base URL and other settings stay for the next login.
 */
export async function run(_opts: LogoutOptions, ctx: Context): Promise<void> {
  const dir = configDir(ctx.env);
  const data = readConfig(dir, ctx.io.stderr);
  const profile = selectProfile(ctx.globals.profile, ctx.env.SHORTY_PROFILE, data).name;
  const printer = await ctx.printer();
  const saved = profileOf(data, profile);
  if (!saved?.['api-key'] && !saved?.[KEYRING_REF]) {
    await printer.message({ message: `profile "${profile}" has no saved API key` });
  } else {
    const store = await openStore(dir);
    // The keyring's entry first: if the keyring can't be reached, the profile still names it.
    const ref = saved[KEYRING_REF];
    if (ref) await (await import('../../settings/keyring.js')).deleteKeyringKey(ref);
    await store.update((config) => {
      const { 'api-key': _key, [KEYRING_REF]: _ref, ...rest } = config.profiles[profile] ?? {};
      config.profiles[profile] = rest;
    });
    await printer.message({ message: `removed the API key of profile "${profile}"` });
  }
  if (ctx.env.SHORTY_API_KEY?.trim()) await printer.note('note: SHORTY_API_KEY is still set in this environment');
}
