import writeFileAtomicLib from 'write-file-atomic';

/**
 * Every file shorty replaces whole goes through here: write-file-atomic writes a temp file beside
 * `path` and renames it over, so a reader, or a run after a crash, finds the old content or the
 * new, never half of either; a failed write leaves no temp file. Synchronous: the writes are small,
 * and a write inside a file lock must not give the event loop a turn (see withMomentLock). Importing
 * this module loads the library: from code that runs on every start, import it where the write
 * happens, with `await import()`.
 */
export interface AtomicWriteOptions {
  /** The file's mode, e.g. 0o600 for a file with secrets (default: the old file's, else 0o666 - umask). */
  mode?: number;
  /** Flush to disk before the rename (default true); false where losing the last write to a power cut is harmless. */
  fsync?: boolean;
}

export function writeFileAtomicSync(path: string, data: string | Buffer, opts: AtomicWriteOptions = {}): void {
  writeFileAtomicLib.sync(path, data, opts);
}
