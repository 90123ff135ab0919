import { rmSync } from 'node:fs';
import { nameCacheDir } from '../../cache/paths.js';
import { readNameCache } from '../../cache/store.js';
import type { Context } from '../../context.js';
import { fileError } from '../../file-errors.js';

/** `shorty cache clear`: removes the profile's cache folder, whoever's key filled it, and says how many names went. */
export async function clearCache(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const dir = nameCacheDir(settings.configDir, settings.profile);
  const cache = readNameCache(dir);
  const names = Object.values(cache?.resources ?? {}).reduce((sum, list) => sum + (list?.length ?? 0), 0);
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch (err) {
    throw fileError(`cannot remove the name cache ${dir}`, err);
  }
  await (await ctx.printer()).message({
    message: cache
      ? `cleared the name cache of profile "${settings.profile}": ${names} name${names === 1 ? '' : 's'}`
      : `no name cache for profile "${settings.profile}": nothing to clear`,
    profile: settings.profile,
    cleared: names,
  });
}
