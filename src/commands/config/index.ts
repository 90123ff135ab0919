import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { EXIT, ShortyError, UsageError } from '../../errors.js';
import type { View } from '../../output/printer.js';
import {
  CONFIG_KEYS,
  ENV_OF_KEY,
  maskKey,
  normalizeConfigValue,
  parseConfigKey,
  type ConfigKey,
} from '../../settings/keys.js';
import { maskUrlCredentials } from '../../util/url-credentials.js';
import type { ProfileValues } from '../../settings/store.js';
import { action, examples, notes } from '../shared/action.js';
import { completeArgument } from '../../completion/values.js';
import { verb } from '../shared/group.js';
import { answers } from '../shared/surface.js';

const VIEW: View = { columns: ['key', 'value'], quiet: 'value', fields: ['key', 'value'] };

// Loaded by the actions only: the store brings the file lock (node:os too) and the paths bring
// node:os, which `--help` never needs.
const loadStore = () => import('../../settings/store.js');
const loadPaths = () => import('../../settings/paths.js');

/** The profile these commands read and change, and what it holds; only `set` may name a new one. */
async function selected(
  ctx: Context,
  opts: { check?: boolean } = {},
): Promise<{ dir: string; profile: string; values: ProfileValues }> {
  const { profileOf, readConfig, selectProfile } = await loadStore();
  const { configDir } = await loadPaths();
  const dir = configDir(ctx.env);
  const data = readConfig(dir, ctx.io.stderr);
  const profile = selectProfile(ctx.globals.profile, ctx.env.SHORTY_PROFILE, data, opts).name;
  return { dir, profile, values: profileOf(data, profile) ?? {} };
}

/** The key is shown masked everywhere, even to its owner: terminals get recorded and shared. */
function shown(key: ConfigKey, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (key === 'api-key') return maskKey(value);
  return key === 'rate-store' ? maskUrlCredentials(value) : value;
}

/** The variable that overrides `key` in this environment, and its value as shown. */
function override(ctx: Context, key: ConfigKey): string | undefined {
  const name = key === 'domain' ? undefined : ENV_OF_KEY[key];
  const value = name ? ctx.env[name]?.trim() : undefined;
  return name && value ? `${name} overrides this in the environment (${shown(key, value)})` : undefined;
}

/** A secret goes whole into a pipe or a file only: a terminal may be recorded, shared or looked at. */
function checkReveal(ctx: Context): void {
  if (ctx.io.stdoutIsTTY)
    throw new UsageError(
      '--reveal prints a secret: only into a pipe or a file, not onto a terminal',
      'e.g. export SHORTY_API_KEY=$(shorty config get api-key --reveal)',
    );
}

export function register(config: Command, ctx: Context): void {
  examples(config, 'shorty config list', 'shorty config set rate-limit 20/60s');

  const list = verb(config, 'list', 'show every setting of the profile (the key masked)').action(
    action(ctx, async () => {
      const { values } = await selected(ctx);
      const rows = CONFIG_KEYS.map((key) => ({ key, value: shown(key, values[key]) }));
      await (await ctx.printer()).list(rows, VIEW);
    }),
  );
  answers(list, VIEW);
  examples(list, 'shorty config list', 'shorty config list --profile work --json');

  const get = config
    .command('get <key>')
    .description('print one setting (nothing, and exit 1, when it is not set)')
    .option('--reveal', 'api-key, rate-store: print the value unmasked, into a pipe or a file only')
    .action(
      action(ctx, async (name: string, flags: { reveal?: boolean }) => {
        const key = parseConfigKey(name);
        if (flags.reveal) checkReveal(ctx);
        const { profile, values } = await selected(ctx);
        const value = flags.reveal ? (values[key] ?? null) : shown(key, values[key]);
        // stdout keeps the profile's value (scripts read it); a person learns on stderr that runs use another.
        const overridden = override(ctx, key);
        if (value === null) throw new ShortyError(`${key} is not set in profile "${profile}"`, EXIT.api, overridden);
        ctx.io.stdout.write(`${value}\n`);
        if (overridden) await (await ctx.printer()).note(`note: ${overridden}`);
      }),
    );
  notes(
    get,
    'Prints the value saved in the profile. When an environment variable (SHORTY_BASE_URL...) ' +
      'overrides it, a note on stderr says so; `shorty status` shows the values in force.\n' +
      'The key and the rate store URL are masked; --reveal prints them whole, but only into a pipe ' +
      'or a file (never onto a terminal, which may be recorded or shared): ' +
      '`export SHORTY_API_KEY=$(shorty config get api-key --reveal)`. The curl lines of ' +
      "SHORTY_DEBUG=curl read a profile's key that way.",
  );
  completeArgument(get, 'key', CONFIG_KEYS);
  examples(
    get,
    'shorty config get base-url',
    'shorty config get api-key   # masked: sk_…9f2c',
    'export SHORTY_API_KEY=$(shorty config get api-key --reveal)',
  );

  const set = config
    .command('set <key> <value>')
    .description('change one setting (checked before it is saved)')
    .action(
      action(ctx, async (name: string, raw: string) => {
        const key = parseConfigKey(name);
        const value = normalizeConfigValue(key, raw);
        const { dir, profile } = await selected(ctx, { check: false });
        const { openStore } = await loadStore();
        await (await openStore(dir)).update((data) => {
          data.profiles[profile] = { ...data.profiles[profile], [key]: value };
        });
        await (await ctx.printer()).message({ message: `set ${key} = ${shown(key, value)} in profile "${profile}"` });
      }),
    );
  completeArgument(set, 'key', CONFIG_KEYS);
  examples(
    set,
    'shorty config set base-url https://sho.rt',
    'shorty config set output json',
    'shorty config set domain https://go.example.com',
  );

  const unset = config
    .command('unset <key>')
    .description('remove one setting (the default applies again)')
    .action(
      action(ctx, async (name: string) => {
        const key = parseConfigKey(name);
        const { dir, profile, values } = await selected(ctx);
        if (values[key] !== undefined) {
          const { openStore } = await loadStore();
          await (await openStore(dir)).update((data) => {
            const { [key]: _removed, ...rest } = data.profiles[profile] ?? {};
            data.profiles[profile] = rest;
          });
        }
        await (await ctx.printer()).message({ message: `unset ${key} in profile "${profile}"` });
      }),
    );
  completeArgument(unset, 'key', CONFIG_KEYS);
  examples(unset, 'shorty config unset rate-limit');

  const path = config
    .command('path')
    .description('print where the config file lives (SHORTY_CONFIG_DIR moves it)')
    .action(
      action(ctx, async () => {
        const { configDir, configFilePath } = await loadPaths();
        ctx.io.stdout.write(`${configFilePath(configDir(ctx.env))}\n`);
      }),
    );
  examples(path, 'shorty config path', 'cat "$(shorty config path)"');
}
