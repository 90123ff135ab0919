import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { maskKey } from '../../settings/keys.js';
import { action, examples } from '../shared/action.js';
import { completeArgumentFrom, PROFILE_NAMES } from '../../completion/values.js';
import { verb } from '../shared/group.js';
import { answers } from '../shared/surface.js';

const VIEW: View = {
  columns: ['current', 'name', 'base-url', 'api-key'],
  quiet: 'name',
  fields: ['current', 'name', 'base-url', 'api-key'],
};

// Loaded by the actions only: the store brings the file lock (node:os too) and the paths bring
// node:os, which `--help` never needs.
const loadStore = () => import('../../settings/store.js');
const configDirOf = async (ctx: Context) => (await import('../../settings/paths.js')).configDir(ctx.env);

export function register(profiles: Command, ctx: Context): void {
  examples(profiles, 'shorty profiles list', 'shorty profiles use work');

  const list = verb(profiles, 'list', 'list the profiles; `current` marks the one in use').action(
    action(ctx, async () => {
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
    }),
  );
  answers(list, VIEW);
  examples(list, 'shorty profiles list', 'shorty profiles ls -q');

  const use = profiles
    .command('use <name>')
    .description('make a profile the one used when --profile and SHORTY_PROFILE are not given')
    .action(
      action(ctx, async (name: string) => {
        const dir = await configDirOf(ctx);
        const { DEFAULT_PROFILE, openStore, readConfig, requireProfile } = await loadStore();
        // `default` needs no saving to be used: switching back to it is always possible.
        if (name !== DEFAULT_PROFILE) requireProfile(readConfig(dir, ctx.io.stderr), name);
        await (await openStore(dir)).update((data) => {
          data.current = name;
        });
        await (await ctx.printer()).message({ message: `now using profile "${name}"` });
      }),
    );
  completeArgumentFrom(use, 'name', PROFILE_NAMES);
  examples(use, 'shorty profiles use work');

  const remove = verb(
    profiles,
    'delete <name>',
    'delete a profile and its saved key (asks first; -y when not on a terminal)',
  ).action(action(ctx, async (name: string) => (await import('./delete.js')).deleteProfile(ctx, name)));
  completeArgumentFrom(remove, 'name', PROFILE_NAMES);
  examples(
    remove,
    'shorty profiles delete old-account',
    'shorty profiles delete ci -y     # in a script: no question asked',
  );
}
