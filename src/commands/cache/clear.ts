import { rmSync } from 'node:fs';
import { profileCacheDir } from '../../cache/paths.js';
import { profileNameCount } from '../../cache/store.js';
import type { Context } from '../../context.js';
import { fileError } from '../../file-errors.js';

/** `shorty cache clear`: removes the profile's cache, of every base URL and key, and says how many names went. */
export async function clearCache(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const dir = profileCacheDir(settings.configDir, settings.profile);
  const names = profileNameCount(dir);
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch (err) {
    throw fileError(`cannot remove the name cache ${dir}`, err);
  }
  await (await ctx.printer()).message({
    message:
      names === undefined
        ? `no name cache for profile "${settings.profile}": nothing to clear`
        : `cleared the name cache of profile "${settings.profile}": ${names} name${names === 1 ? '' : 's'}`,
    profile: settings.profile,
    cleared: names ?? 0,
  });
}
