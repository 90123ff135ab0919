import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { maskKey } from '../../settings/keys.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { answers } from '../shared/surface.js';
import { configDirOf, loadStore } from './store.js';

const VIEW: View = {
  columns: ['current', 'name', 'base-url', 'api-key'],
  quiet: 'name',
  fields: ['current', 'name', 'base-url', 'api-key'],
};

export function register(profiles: Command, ctx: Context): void {
  const list = verb(profiles, 'list', 'list the profiles; `current` marks the one in use').action(
    action(ctx, () => run({}, ctx)),
  );
  answers(list, VIEW);
  examples(list, 'shorty profiles list', 'shorty profiles ls -q');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(_opts: Record<string, never>, ctx: Context): Promise<void> {
  const { readConfig, selectProfile } = await loadStore();
  const data = readConfig(await configDirOf(ctx), ctx.io.stderr);
  // Unchecked: the list is how one finds the right name (and what shell completion reads).
  const inUse = selectProfile(ctx.globals.profile, ctx.env.SHORTY_PROFILE, data, {
    check: false,
    anyCurrent: true,
  }).name;
  const rows = Object.entries(data.profiles).map(([name, values]) => ({
    current: name === inUse,
    name,
    'base-url': values['base-url'] ?? null,
    'api-key': values['api-key'] ? maskKey(values['api-key']) : null,
  }));
  await (await ctx.printer()).list(rows, VIEW);
}
