import { closeSync, linkSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * A lock held for a whole run (an import's journal): a file created with O_EXCL holding the
 * owner's pid and host, so the refusal can name who holds it, and a lock whose owner died is
 * taken over at once (a lock judged by its age would keep a killed import from resuming).
 */

/** Who holds a lock: its pid and host, as far as the lock file tells. */
export interface LockHolder {
  pid?: number;
  host?: string;
}

interface LockInfo extends LockHolder {
  at?: number;
  token?: string;
}

/** A lock file that names no owner is its writer's, dead between creating and writing it, after this. */
const UNNAMED_STALE_MS = 5000;

/** Unique to this call: the pid tells processes apart, the time and a random part the calls of one. */
function uniqueToken(): string {
  return [process.pid, process.hrtime.bigint().toString(36), Math.random().toString(36).slice(2, 10)].join(':');
}

/** Takes the lock without waiting: `release`, or who holds it. */
export function tryFileLock(lockPath: string): { release(): void } | { holder: LockHolder } {
  const token = uniqueToken();
  // A few rounds: a stale lock broken here may be taken by another process first.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(lockPath, token)) return { release: () => releaseLock(lockPath, token) };
    if (!breakIfStale(lockPath)) break;
  }
  const info = readLock(lockPath);
  return { holder: { pid: info?.pid, host: info?.host } };
}

/**
 * Creates the lock with its owner already in it: the owner is written to a file of this call's
 * own, which is then linked to the lock's name (atomic, and refused when the name is taken). A
 * run killed at any point leaves either no lock or a lock that names its dead owner, never an
 * empty one that would hold back every run until it is old.
 */
function tryCreate(lockPath: string, token: string): boolean {
  const info: LockInfo = { pid: process.pid, host: hostname(), at: Date.now(), token };
  const own = `${lockPath}.${process.pid}.${token.split(':')[2]}`;
  try {
    writeFileSync(own, JSON.stringify(info), { mode: 0o600, flag: 'wx' });
    linkSync(own, lockPath);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: created, then written, as before.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') return createThenWrite(lockPath, info);
    throw err;
  } finally {
    removeFile(own);
  }
}

function createThenWrite(lockPath: string, info: LockInfo): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(info));
  } catch (err) {
    // A full disk takes the name but not its content: an empty lock left there would hold back every run.
    closeSync(fd);
    removeFile(lockPath);
    throw err;
  }
  closeSync(fd);
  return true;
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function releaseLock(lockPath: string, token: string): void {
  // Only our own lock: if ours was broken as stale, the file is now someone else's.
  if (readLock(lockPath)?.token === token) removeFile(lockPath);
}

function readLock(lockPath: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
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

function isStale(lockPath: string, info: LockInfo | undefined): boolean {
  if (info === undefined) {
    try {
      return Date.now() - statSync(lockPath).mtimeMs > UNNAMED_STALE_MS;
    } catch {
      return true;
    }
  }
  return info.host === hostname() && typeof info.pid === 'number' && !isProcessAlive(info.pid);
}

/**
 * Two processes may find the same stale lock: a second lock file (the breaker) makes sure only
 * one removes it, and only if it is still the very lock that was found stale, so a fresh lock
 * taken in between is never removed.
 */
function breakIfStale(lockPath: string): boolean {
  const info = readLock(lockPath);
  if (!isStale(lockPath, info)) return false;
  const breaker = `${lockPath}.break`;
  if (!tryCreate(breaker, uniqueToken())) {
    // The breaker is held for microseconds: one left behind is a crashed breaker's.
    if (isStale(breaker, readLock(breaker))) removeFile(breaker);
    return false;
  }
  try {
    if (readLock(lockPath)?.token === info?.token) removeFile(lockPath);
  } finally {
    removeFile(breaker);
  }
  return true;
}
