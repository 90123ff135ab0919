import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { type ConfigKey, ENV_OF_KEY, maskKey } from '../../settings/keys.js';
import type { ProfileValues } from '../../settings/store.js';
import { maskUrlCredentials } from '../../util/url-credentials.js';

export const VIEW: View = { columns: ['key', 'value'], quiet: 'value', fields: ['key', 'value'] };

// Loaded by the actions only: the store brings the file lock (node:os too) and the paths bring
// node:os, which `--help` never needs.
export const loadStore = () => import('../../settings/store.js');
export const loadPaths = () => import('../../settings/paths.js');

/** The profile these commands read and change, and what it holds; only `set` may name a new one. */
export async function selected(
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

/** The profile's API key: the config file's, else the one in the keyring entry it names. */
export async function profileKey(profile: string, values: ProfileValues): Promise<string | undefined> {
  const { profileKeyringKey } = await import('../../settings/keyring.js');
  return values['api-key'] ?? (await profileKeyringKey(profile, values));
}

/** The key is shown masked everywhere, even to its owner: terminals get recorded and shared. */
export function shown(key: ConfigKey, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (key === 'api-key') return maskKey(value);
  return key === 'rate-store' ? maskUrlCredentials(value) : value;
}

/** The variable that overrides `key` in this environment, and its value as shown. */
export function override(ctx: Context, key: ConfigKey): string | undefined {
  const name = key === 'domain' ? undefined : ENV_OF_KEY[key];
  const value = name ? ctx.env[name]?.trim() : undefined;
  return name && value ? `${name} overrides this in the environment (${shown(key, value)})` : undefined;
}
