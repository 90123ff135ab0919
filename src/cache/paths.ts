// Where the name cache of a profile lives: a folder per profile, in it a folder per base URL and
// key (named by their fingerprint) and `current`, the fingerprint of the one written last. The
// completion scripts compute the same paths in the shell (see completion/cache-shell.ts), so a
// change here is a change there: the format folder (`v1`) lets an older script ignore a newer
// cache, and the other way round.
import { join } from 'node:path';

/** The resources whose names are cached, each in a plain file of its own for the shells. */
export const NAME_RESOURCES = ['links', 'campaigns', 'channels', 'pixels', 'qr', 'domains'] as const;
export type NameResource = (typeof NAME_RESOURCES)[number];

export const CACHE_FORMAT = 'v1';

/** A profile name that is safe as a folder name in every shell and file system. */
const PLAIN_PROFILE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** `work` stays `work`; any other name becomes `~` and the hex of its UTF-8 bytes (`od -tx1` in a shell). */
export function profileFolder(profile: string): string {
  return PLAIN_PROFILE.test(profile) ? profile : `~${Buffer.from(profile, 'utf8').toString('hex')}`;
}

/** `<configDir>/cache/v1/<profile>`: the caches of every base URL and key the profile was used with. */
export function profileCacheDir(configDir: string, profile: string): string {
  return join(configDir, 'cache', CACHE_FORMAT, profileFolder(profile));
}

/** The file in a profile's folder that names the folder completion reads. */
export const CURRENT_FILE = 'current';

/**
 * `<profile folder>/<fingerprint>`: names.json for shorty, one plain file per resource for the
 * shells. `fingerprint` is the scope's (store.ts), never the key.
 */
export function nameCacheDir(configDir: string, profile: string, fingerprint: string): string {
  return join(profileCacheDir(configDir, profile), fingerprint);
}
