import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { CONFIG_KEYS } from '../../settings/keys.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { answers } from '../shared/surface.js';
import { profileKey, selected, shown, VIEW } from './selected.js';

export function register(config: Command, ctx: Context): void {
  const list = verb(config, 'list', 'show every setting of the profile (the key masked)').action(
    action(ctx, () => run({}, ctx)),
  );
  answers(list, VIEW);
  examples(list, 'shorty config list', 'shorty config list --profile work --json');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(_opts: Record<string, never>, ctx: Context): Promise<void> {
  const { profile, values } = await selected(ctx);
  const key = await profileKey(profile, values);
  const rows = CONFIG_KEYS.map((name) => ({ key: name, value: shown(name, name === 'api-key' ? key : values[name]) }));
  await (await ctx.printer()).list(rows, VIEW);
}
