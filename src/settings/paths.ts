import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Record<string, string | undefined>;

/**
 * The platform's config folder for shorty (as env-paths names it, with no suffix): XDG on Linux,
 * Library/Preferences on macOS, %APPDATA% on Windows; the folder earlier versions kept their
 * config in, so an upgrade finds it.
 */
export function platformConfigDir(env: Env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', 'shorty');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'shorty', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'shorty');
}

/** SHORTY_CONFIG_DIR, else the platform's config folder. */
export function configDir(env: Env): string {
  const explicit = env.SHORTY_CONFIG_DIR?.trim();
  return explicit ? explicit : platformConfigDir(env);
}

export const CONFIG_FILE_NAME = 'config.json';

export function configFilePath(dir: string): string {
  return join(dir, CONFIG_FILE_NAME);
}
