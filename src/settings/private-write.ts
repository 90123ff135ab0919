import { type AtomicWriteOptions, writeFileAtomicSync } from '../util/atomic-write.js';
import { checkFileToReplace } from './private-files.js';

/**
 * Replaces a file of shorty's whole (written aside, then renamed over), never through a link:
 * write-file-atomic resolves a link and writes where it points, so one is refused first (see
 * private-files.ts). Its own module so that only a run that writes loads the library.
 */
export function writePrivateFile(path: string, data: string, what: string, opts: AtomicWriteOptions): void {
  checkFileToReplace(path, what);
  writeFileAtomicSync(path, data, opts);
}
