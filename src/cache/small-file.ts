// Reading a cache file costs at most what the cache may hold: a file that is not a plain file (a
// FIFO would hang the read, a link points elsewhere) or larger than its cap counts as none, and
// the next write replaces it with a bounded one.
import { lstatSync, readFileSync } from 'node:fs';
import { checkTrusted } from '../settings/private-path.js';

/** How the cache's files are named in a refusal. */
export const NAME_CACHE = 'the name cache file';

/**
 * The text of `path`, or undefined when it is missing, not a plain file, over `maxBytes`, or not
 * the user's alone (another user's, or writable by others: private-path.ts).
 */
export function readSmallFile(path: string, maxBytes: number): string | undefined {
  try {
    const stat = lstatSync(path);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    checkTrusted(path, stat, { name: `${NAME_CACHE} ${path}` });
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
