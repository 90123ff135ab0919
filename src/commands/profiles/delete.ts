import type { Command } from 'commander';
import { completeArgumentFrom, PROFILE_NAMES } from '../../completion/values.js';
import { DELETION, obtainConsent } from '../../consent.js';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { configDirOf, loadStore } from './store.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface DeleteOptions {
  name: string;
}

export function register(profiles: Command, ctx: Context): void {
  const remove = verb(
    profiles,
    'delete <name>',
    'delete a profile and its saved key (asks first; -y when not on a terminal)',
  ).action(action(ctx, (name: string) => run({ name }, ctx)));
  completeArgumentFrom(remove, 'name', PROFILE_NAMES);
  examples(
    remove,
    'shorty profiles delete old-account',
    'shorty profiles delete ci -y     # in a script: no question asked',
  );
}

/**
 * `profiles delete NAME`: asks first on a terminal (without one, -y is required, as for every
 * delete), then says which profile is current afterwards: deleting the one in use falls back to
 * `default`, a switch of account that must not pass unnoticed.
 * @public the verb's seam: parsed options and a context, no parser.
 */
export async function run({ name }: DeleteOptions, ctx: Context): Promise<void> {
  const dir = await configDirOf(ctx);
  const { DEFAULT_PROFILE, openStore, readConfig, requireProfile } = await loadStore();
  const values = requireProfile(readConfig(dir, ctx.io.stderr), name, { anyName: true });
  await obtainConsent(ctx, DELETION, `Delete profile "${name}" and its saved API key? This cannot be undone.`);
  // A key in the OS keyring goes first: if the keyring can't be reached, the profile stays.
  const inKeyring = values['api-key-keyring'];
  if (inKeyring) await (await import('../../settings/keyring.js')).deleteKeyringKey(inKeyring);
  const data = await (await openStore(dir)).update((config) => {
    delete config.profiles[name];
    if (config.current === name) config.current = undefined;
  });
  const current = data.current ?? DEFAULT_PROFILE;
  const empty = Object.hasOwn(data.profiles, current) ? '' : ', which has no settings: run `shorty login`';
  const printer = await ctx.printer();
  await printer.message({
    message: `deleted profile "${name}"; the current profile is "${current}"${empty}`,
    deleted: name,
    current,
  });
  if (ctx.env.SHORTY_PROFILE?.trim() === name)
    await printer.note(`note: SHORTY_PROFILE still names "${name}" in this environment`);
}
