import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot, currentFile, NAME_RESOURCES, scopeDir } from '../../cache/paths.js';
import { forgetProfileScopes } from '../../cache/scope-ids.js';
import { readMeta } from '../../cache/store.js';
import type { Context } from '../../context.js';
import { fileError } from '../../file-errors.js';
import { withMomentLock } from '../../util/lock.js';

/** `shorty cache clear`: removes the profile's cache, of every base URL and key, and says how many names went. */
export async function clearCache(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const root = cacheRoot(settings.configDir);
  let names: number | undefined;
  try {
    names = await withMomentLock(join(root, 'lock'), () => {
      const ids = forgetProfileScopes(root, settings.profile);
      let count: number | undefined;
      for (const id of ids) {
        const meta = readMeta(scopeDir(settings.configDir, id));
        if (meta) count = (count ?? 0) + NAME_RESOURCES.reduce((sum, r) => sum + (meta.counts[r] ?? 0), 0);
        rmSync(scopeDir(settings.configDir, id), { recursive: true, force: true });
      }
      rmSync(currentFile(settings.configDir, settings.profile), { force: true });
      return count;
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') names = undefined;
    else throw fileError(`cannot remove the name cache in ${root}`, err);
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
