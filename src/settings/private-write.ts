import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type AtomicWriteOptions, writeFileAtomicSync } from '../util/atomic-write.js';
import { checkFileToReplace } from './private-files.js';
import { currentUid } from './private-path.js';

/**
 * Replaces a file of shorty's whole (written aside, then renamed over), never through a link:
 * write-file-atomic resolves a link and writes where it points, so one is refused first (see
 * private-files.ts). The copy aside is made with the file's mode (0600 for ours) in its folder
 * (0700). Its own module so that only a run that writes loads the library.
 */
export function writePrivateFile(path: string, data: string, what: string, opts: AtomicWriteOptions): void {
  checkFileToReplace(path, what);
  writeFileAtomicSync(path, data, opts);
}

/** write-file-atomic's copy aside: `<name>.<an unsigned 32-bit number>`. */
const COPY_TAIL = /^\.\d{1,10}$/;

/**
 * Removes the copies aside of `path` that a process killed mid-write (kill -9, a power cut) left:
 * for config.json, each holds every key. Only under the file's lock, where no other writer's copy
 * can be on its way; only plain files of the user's. Best effort: one left is removed next time.
 */
export function removeStaleCopies(path: string): void {
  const folder = dirname(path);
  const name = basename(path);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  const uid = currentUid();
  for (const entry of names) {
    if (!entry.startsWith(name) || !COPY_TAIL.test(entry.slice(name.length))) continue;
    const copy = join(folder, entry);
    try {
      const st = lstatSync(copy);
      if (st.isFile() && (uid === undefined || st.uid === uid)) unlinkSync(copy);
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
}
