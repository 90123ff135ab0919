// Where the name cache lives: `<config folder>/cache/v2/`, in it a folder per account in use (a
// profile with a base URL and key), named by a random id (scope-ids.ts: nothing in the name comes
// from the key), and `current/<profile>`, the id of the folder the profile's last command wrote.
// The completion scripts compute the same paths in the shell (see completion/cache-shell.ts), so a
// change here is a change there: the format folder (`v2`) lets an older script ignore a newer
// cache, and the other way round.
import { join } from 'node:path';

/** The resources whose names are cached, each in a plain file of its own for the shells. */
export const NAME_RESOURCES = ['links', 'campaigns', 'channels', 'pixels', 'qr', 'domains'] as const;
export type NameResource = (typeof NAME_RESOURCES)[number];

export const CACHE_FORMAT = 'v2';

/** A scope folder's name: 32 hex digits, random (the shells check it before reading a file in it). */
export const SCOPE_ID = /^[0-9a-f]{32}$/;

/** A profile name that is safe as a file name in every shell and file system. */
const PLAIN_PROFILE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** `work` stays `work`; any other name becomes `~` and the hex of its UTF-8 bytes (`od -tx1` in a shell). */
export function profileFolder(profile: string): string {
  return PLAIN_PROFILE.test(profile) ? profile : `~${Buffer.from(profile, 'utf8').toString('hex')}`;
}

/** `<configDir>/cache/v2`: every cache folder, the id map and its salt. */
export function cacheRoot(configDir: string): string {
  return join(configDir, 'cache', CACHE_FORMAT);
}

/** The folder of one scope: a file per resource for the shells and one for shorty, and meta.json. */
export function scopeDir(configDir: string, id: string): string {
  return join(cacheRoot(configDir), id);
}

/** The folder of the pointer files, one per profile, that hold the id completion reads. */
export const CURRENT_FOLDER = 'current';

export function currentFile(configDir: string, profile: string): string {
  return join(cacheRoot(configDir), CURRENT_FOLDER, profileFolder(profile));
}
