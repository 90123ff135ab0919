import type { Context } from '../../context.js';
import { DELETION, obtainConsent } from '../../consent.js';
import { configDir } from '../../settings/paths.js';
import { DEFAULT_PROFILE, openStore, readConfig, requireProfile } from '../../settings/store.js';

/**
 * `profiles delete NAME`: asks first on a terminal (without one, -y is required, as for every
 * delete), then says which profile is current afterwards: deleting the one in use falls back to
 * `default`, a switch of account that must not pass unnoticed.
 */
export async function deleteProfile(ctx: Context, name: string): Promise<void> {
  const dir = configDir(ctx.env);
  requireProfile(readConfig(dir, ctx.io.stderr), name);
  await obtainConsent(ctx, DELETION, `Delete profile "${name}" and its saved API key? This cannot be undone.`);
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
