// Reading a cache file costs at most what the cache may hold: a file that is not a plain file (a
// FIFO would hang the read, a link points elsewhere) or larger than its cap counts as none, and
// the next write replaces it with a bounded one.
import { lstatSync, readFileSync } from 'node:fs';

/** The text of `path`, or undefined when it is missing, not a plain file, or over `maxBytes`. */
export function readSmallFile(path: string, maxBytes: number): string | undefined {
  try {
    const stat = lstatSync(path);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
