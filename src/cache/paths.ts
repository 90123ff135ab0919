// Where the name cache of a profile lives. The completion scripts compute the same path in the
// shell (see completion/cache-shell.ts), so a change here is a change there: the format folder
// (`v1`) is what lets an older script ignore a newer cache, and the other way round.
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

/** `<configDir>/cache/v1/<profile>`: names.json for shorty, one plain file per resource for the shells. */
export function nameCacheDir(configDir: string, profile: string): string {
  return join(configDir, 'cache', CACHE_FORMAT, profileFolder(profile));
}
