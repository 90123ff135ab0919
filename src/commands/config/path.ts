import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import { loadPaths } from './selected.js';

export function register(config: Command, ctx: Context): void {
  const path = config
    .command('path')
    .description('print where the config file lives (SHORTY_CONFIG_DIR moves it)')
    .action(action(ctx, () => run({}, ctx)));
  examples(path, 'shorty config path', 'cat "$(shorty config path)"');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(_opts: Record<string, never>, ctx: Context): Promise<void> {
  const { configDir, configFilePath } = await loadPaths();
  ctx.io.stdout.write(`${configFilePath(configDir(ctx.env))}\n`);
}
