import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmdirSync,
  type Stats,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { abortableSleep } from './sleep.js';

/**
 * Every lock shorty takes across processes is proper-lockfile's lock folder `<path>.lock`, taken
 * by making it (mkdir is atomic, and refused when the folder is there). Two uses:
 *
 * - a moment lock (`withMomentLock`) around a synchronous read-modify-write: the folder alone,
 *   made and removed in one turn of the event loop. Every request takes one twice, so it is no
 *   more than that;
 * - a run lock (`tryRunLock`), held for a whole run (an import's journal): a folder naming its
 *   owner's pid, host and a token, so a refusal names who holds it. It is made aside and renamed
 *   into place whole, so a kill at any instant leaves no lock or a named one, never an unnamed one
 *   that would hold every resume back for 5 s.
 *
 * One rule for when a lock is stale (`isStale`), one way to remove a stale one (`breakIfStale`).
 */

/** A lock that names no owner is stale once untouched for this long: proper-lockfile's rule. */
const STALE_MS = 5000;

/** The file inside a run lock's folder that names its owner. */
const OWNER = 'owner';

/** Who holds a lock: its pid and host, as far as the lock tells. */
interface Owner {
  pid: number;
  host: string;
  token: string;
  at?: number;
}

/**
 * Runs `work` under the lock folder `<path>.lock`, across processes. `work` is synchronous, so the
 * lock is taken, used and given back in one turn of the event loop: updates of one process can't
 * meet each other in it, and need no queue of their own.
 */
export async function withMomentLock<T>(path: string, work: () => T, signal?: AbortSignal): Promise<T> {
  const lockDir = `${path}.lock`;
  const release = takeFolder(lockDir) ?? (await takeHeldFolder(lockDir, signal));
  try {
    return work();
  } finally {
    try {
      release();
    } catch {
      // taken over as stale meanwhile: not ours to remove any more
    }
  }
}

/** A free lock is a folder not made yet: making it is how proper-lockfile takes one too. */
function takeFolder(lockDir: string, mode?: number): (() => void) | undefined {
  try {
    mkdirSync(lockDir, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw err;
  }
  return () => rmdirSync(lockDir);
}

async function takeHeldFolder(lockDir: string, signal?: AbortSignal): Promise<() => void> {
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    const release = takeFolder(lockDir);
    if (release) return release;
    if (breakIfStale(lockDir) === 'broken') continue;
    // Held for microseconds: retry soon, a little later each time, at random so takers don't meet again.
    await abortableSleep(Math.min(2 + attempt, 25) * (0.5 + Math.random()), signal);
  }
}

/** Takes the run lock `<path>.lock` without waiting: `release`, or who holds it. */
export async function tryRunLock(
  path: string,
): Promise<{ release(): void } | { holder: { pid?: number; host?: string } }> {
  const lockDir = `${path}.lock`;
  const owner: Owner = { pid: process.pid, host: hostname(), token: uniqueToken(), at: Date.now() };
  let release = takeNamed(lockDir, owner);
  if (release) return { release };
  // A few rounds: a stale lock broken here may be taken by another process first.
  for (let attempt = 0; attempt < 10; attempt++) {
    const outcome = breakIfStale(lockDir);
    if (outcome === 'held') break;
    // Another process is breaking it, for microseconds: then it is free, or that process's.
    if (outcome === 'busy') await abortableSleep(1 + attempt);
    release = takeNamed(lockDir, owner);
    if (release) return { release };
  }
  const holder = ownerOf(lockDir);
  return { holder: { pid: holder?.pid, host: holder?.host } };
}

/** Unique to this call: the pid tells processes apart, the time and a random part the calls of one. */
function uniqueToken(): string {
  return [process.pid, process.hrtime.bigint().toString(36), Math.random().toString(36).slice(2, 10)].join(':');
}

/**
 * Makes the lock folder with its owner already named in it: made aside under a name of this
 * call's own, then renamed to the lock's name, which fails when a lock is there (a folder with
 * its owner in it, or an older lock file). A kill before the rename leaves only the folder aside
 * (never read as a lock); a full disk leaves no lock. (A rename does replace an empty folder: at a
 * run lock's name none is ever made, and `remove` moves a lock away whole rather than emptying it.)
 */
function takeNamed(lockDir: string, owner: Owner): (() => void) | undefined {
  const aside = `${lockDir}.${owner.token.replaceAll(':', '-')}`;
  try {
    mkdirSync(aside, 0o700);
    writeFileSync(join(aside, OWNER), JSON.stringify(owner), { mode: 0o600, flag: 'wx' });
    renameSync(aside, lockDir);
  } catch (err) {
    removeQuietly(aside);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw err;
  }
  return () => {
    // Only our own lock: if ours was broken as stale, the folder is now someone else's.
    if (ownerOf(lockDir)?.token === owner.token) remove(lockDir, owner.token);
  };
}

/**
 * Who a lock names: the record in its folder. A lock of shorty before the folder was a file at
 * the same place holding the same record, read as well, so a lock left by an older run is judged
 * by the same rule (its dead owner's lock taken over, a live one's refused).
 */
function ownerOf(lockDir: string): Owner | undefined {
  const inFolder = readRecord(join(lockDir, OWNER));
  if (inFolder !== 'not a folder') return inFolder === undefined ? undefined : parseOwner(inFolder);
  const asFile = readRecord(lockDir);
  return typeof asFile === 'string' ? parseOwner(asFile) : undefined;
}

/** An owner's record is a few dozen bytes: more is not one, and is not read. */
const MAX_RECORD = 4096;
const OPEN_RECORD = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * The text of a record file, opened without waiting and without following a link: a FIFO someone
 * put there would hold a plain read forever, deaf to SIGTERM (a read the system is blocked in can't
 * be called off). Anything but a small regular file names no one (undefined).
 */
function readRecord(path: string): string | undefined | 'not a folder' {
  let fd: number;
  try {
    fd = openSync(path, OPEN_RECORD);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'not a folder' : undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_RECORD) return undefined;
    const buffer = Buffer.alloc(MAX_RECORD);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, MAX_RECORD, 0));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * A FIFO, a device, a socket or a link at a lock's name is no lock of shorty's (a lock is a folder,
 * or a file an older version made): someone put it there. Refused, never read or waited on, with
 * the code BSD gives a file of the wrong type, which the layers above word as a refusal.
 */
function notALock(lockDir: string, st: Stats): Error {
  const kind = st.isFIFO()
    ? 'a FIFO'
    : st.isSymbolicLink()
      ? 'a symbolic link'
      : st.isSocket()
        ? 'a socket'
        : 'a device';
  return Object.assign(new Error(`${lockDir} is ${kind} where shorty keeps a lock: remove it (rm ${lockDir})`), {
    code: 'EFTYPE',
    syscall: 'lstat',
    path: lockDir,
  });
}

function parseOwner(text: string): Owner | undefined {
  try {
    const { pid, host, token, at } = JSON.parse(text) as Partial<Owner>;
    if (typeof pid === 'number' && Number.isInteger(pid) && typeof host === 'string') {
      return { pid, host, token: String(token), at };
    }
  } catch {
    // a record cut short (killed, or a full disk, while writing it) names no one
  }
  return undefined;
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The one staleness rule, applied to one look at the lock: `free` (not there), `stale` or `held`.
 * A lock that names its owner is stale exactly when that owner is a dead process of this host:
 * never by age (a run suspended with Ctrl-Z keeps its lock however long), and another host's lock
 * is never broken here (its refusal names host and pid). A lock that names no owner is stale once
 * untouched for 5 s (proper-lockfile's rule for its folders). A lock gone meanwhile is free, never
 * stale: judged stale, a breaker would move away whatever a taker put there since (proper-lockfile's
 * own check answers "not locked" for both, so the folder's time is read here, from the same look).
 */
function judge(lockDir: string): 'free' | 'stale' | 'held' {
  const seen = lstatSync(lockDir, { throwIfNoEntry: false });
  if (!seen) return 'free';
  if (!seen.isDirectory() && !seen.isFile()) throw notALock(lockDir, seen);
  const owner = ownerOf(lockDir);
  if (owner) return owner.host === hostname() && !isProcessAlive(owner.pid) ? 'stale' : 'held';
  return seen.mtimeMs < Date.now() - STALE_MS ? 'stale' : 'held';
}

/** Whether the lock is there and stale; exported for the test that races two processes between judging and breaking. */
export function isStale(lockDir: string): boolean {
  return judge(lockDir) === 'stale';
}

/**
 * Removes the lock at `lockDir` if it is stale: `broken` (take it again at once), `held`, or
 * `busy` (another process is breaking it).
 *
 * Judging and removing are two steps, and two processes may find the same stale lock: the first
 * removes it and takes a fresh one, and the second, acting on what it judged before, must not
 * remove that. So removing takes a second lock, the breaker `<lock>.break` (a run lock: one whose
 * holder was killed while breaking is taken over at once, a suspended one is kept), and the lock
 * is judged again under it. What is judged there stays as it is until removed: a stale lock's
 * owner is dead (or, unnamed, gone for 5 s), so nobody else removes it, and nobody can take it.
 *
 * A rename of the folder out of the way alone would not do: it is as blind as a removal (a process
 * that judged the old lock moves whatever is there by then, a fresh lock too). So the move (see
 * `remove`) happens under the breaker, after the lock is judged again there. One gap is left: a breaker whose holder
 * died in its microseconds is removed without a breaker of its own, so two processes finding that
 * one at the same instant could both go on; the older lock file had the same gap. The breaker is
 * named as the older one (a file) was, so older and newer runs exclude each other while breaking.
 */
function breakIfStale(lockDir: string): 'broken' | 'held' | 'busy' {
  const seen = judge(lockDir);
  if (seen === 'free') return 'broken';
  return seen === 'stale' ? breakStale(lockDir) : 'held';
}

/** Breaks a lock judged stale, if it still is; exported, as `isStale` is, for the test that races two processes between them. */
export function breakStale(lockDir: string): 'broken' | 'held' | 'busy' {
  const breaker = `${lockDir}.break`;
  const release = takeNamed(breaker, { pid: process.pid, host: hostname(), token: uniqueToken() });
  if (!release) {
    if (judge(breaker) === 'stale') {
      try {
        remove(breaker);
      } catch {
        // judged again by the next taker
      }
    }
    return 'busy';
  }
  try {
    // Judged again under the breaker: gone meanwhile is free (nothing to remove), fresh is held.
    const seen = judge(lockDir);
    if (seen !== 'stale') return seen === 'free' ? 'broken' : 'held';
    remove(lockDir);
    return 'broken';
  } finally {
    release();
  }
}

/**
 * Removes a lock: moved away whole first (a folder with its record, an unnamed folder, or an older
 * lock file), so there is never an empty folder at the lock's name that a taker's rename would
 * replace while it is being removed; then what was moved is deleted. One already gone is fine.
 */
function remove(lockDir: string, token = uniqueToken()): void {
  const gone = `${lockDir}.gone-${token.replaceAll(':', '-')}`;
  try {
    renameSync(lockDir, gone);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  deleteMoved(gone);
}

function deleteMoved(path: string): void {
  try {
    unlinkSync(join(path, OWNER));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
  }
  try {
    rmdirSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // An older lock file is the lock itself.
    if (code === 'ENOTDIR') unlinkSync(path);
    else if (code !== 'ENOENT') throw err;
  }
}

function removeQuietly(path: string): void {
  try {
    deleteMoved(path);
  } catch {
    // best effort: what is left is judged stale again later
  }
}
