import type { Command } from 'commander';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot, currentFile, NAME_RESOURCES, scopeDir } from '../../cache/paths.js';
import { forgetProfileScopes } from '../../cache/scope-ids.js';
import { readMeta } from '../../cache/store.js';
import type { Context } from '../../context.js';
import { fileError } from '../../file-errors.js';
import { withMomentLock } from '../../util/lock.js';
import { action, examples, type RunF } from '../shared/action.js';
import { verb } from '../shared/group.js';

/** What run() takes: the verb has no flags of its own. @public */
export type ClearOptions = Record<string, never>;

export function register(cache: Command, ctx: Context, runF: RunF<ClearOptions> = run): void {
  const clear = verb(cache, 'clear', "forget the names of the profile's cache (sends no request)").action(
    action(ctx, () => runF({}, ctx)),
  );
  examples(clear, 'shorty cache clear', 'shorty cache clear --profile work');
}

/**
 * @public the verb's seam: parsed options and a context, no parser. Removes the profile's cache,
 * of every base URL and key, and says how many names went.
 */
export async function run(_opts: ClearOptions, ctx: Context): Promise<void> {
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
