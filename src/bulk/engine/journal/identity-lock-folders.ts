import { join, resolve } from 'node:path';
import { UsageError } from '../../../errors.js';
import { fileError } from '../../../file-errors.js';
import { platformConfigDir } from '../../../settings/paths.js';
import { ensurePrivateFolder } from '../../../settings/private-folders.js';

/**
 * Where the locks of a journal's identity (device and inode) are kept: `locks/` in the run's config
 * folder, and in the platform's config folder as well when SHORTY_CONFIG_DIR chose another, so two
 * runs of one user on one journal meet whatever config folder each was given (a hard link used
 * from two config folders was two runs). Each is made 0700 and checked as the user's alone. The
 * platform's folder is a second guard: one that can't be used (a CI runner's home without one, a
 * folder the user set SHORTY_CONFIG_DIR to avoid) leaves the first.
 */
export function identityLockFolders(journal: string, configDir: string): string[] {
  const first = join(configDir, 'locks');
  try {
    ensurePrivateFolder(configDir, first);
  } catch (err) {
    throw err instanceof UsageError ? err : fileError(`cannot lock the journal ${journal} (${first})`, err);
  }
  const platform = platformConfigDir(process.env);
  if (resolve(platform) === resolve(configDir)) return [first];
  try {
    return [first, ensurePrivateFolder(platform, join(platform, 'locks'))];
  } catch {
    return [first];
  }
}
