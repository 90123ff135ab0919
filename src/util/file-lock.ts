import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { abortableSleep } from './sleep.js';

/**
 * A cross-process lock: a lock file created with O_EXCL holding the owner's pid, host and
 * time. A lock whose owner is dead, or older than `staleMs` (it is only ever held for a short
 * read-modify-write), is broken, so a crashed or killed process can't wedge the others.
 * File calls are synchronous on purpose: each takes microseconds, and a hop through the thread
 * pool per call would add milliseconds to every request on a busy machine.
 */

export interface LockOptions {
  signal?: AbortSignal;
  /** Older than this, a lock is stale whoever holds it. */
  staleMs?: number;
}

interface LockInfo {
  pid?: number;
  host?: string;
  at?: number;
  token?: string;
}

const DEFAULT_STALE_MS = 5000;

/**
 * A name no other lock holder or temp file uses: the pid tells processes apart, the
 * high-resolution time and a random part the calls of one process. It only has to be unique,
 * not secret.
 */
function uniqueToken(separator: string): string {
  const random = Math.random().toString(36).slice(2, 10);
  return [process.pid, process.hrtime.bigint().toString(36), random].join(separator);
}

export async function withFileLock<T>(lockPath: string, work: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const token = await takeLock(lockPath, opts);
  try {
    return await work();
  } finally {
    releaseLock(lockPath, token);
  }
}

/** Who holds a lock: its pid and host, as far as the lock file tells. */
export interface LockHolder {
  pid?: number;
  host?: string;
}

/**
 * Takes the lock without waiting, for a lock held as long as a whole run (an import's journal):
 * `release`, or who holds it. Only a dead owner makes such a lock stale, never its age.
 */
export function tryFileLock(lockPath: string): { release(): void } | { holder: LockHolder } {
  const token = uniqueToken(':');
  // A few rounds: a stale lock broken here may be taken by another process first.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(lockPath, token)) return { release: () => releaseLock(lockPath, token) };
    if (!breakIfStale(lockPath, Infinity)) break;
  }
  const info = readLock(lockPath);
  return { holder: { pid: info?.pid, host: info?.host } };
}

async function takeLock(lockPath: string, opts: LockOptions): Promise<string> {
  const token = uniqueToken(':');
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  for (let attempt = 0; ; attempt++) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (tryCreate(lockPath, token)) return token;
    if (breakIfStale(lockPath, staleMs)) continue;
    await abortableSleep(Math.min(2 + attempt, 15) * (0.5 + Math.random()), opts.signal);
  }
}

function tryCreate(lockPath: string, token: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    const info: LockInfo = { pid: process.pid, host: hostname(), at: Date.now(), token };
    writeSync(fd, JSON.stringify(info));
  } catch (err) {
    // A full disk takes the name but not its content: an empty lock left there would hold back
    // every run until it counted as stale.
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
  // Only our own lock: if ours was judged stale and broken, the file is now someone else's.
  if (readLock(lockPath)?.token === token) removeFile(lockPath);
}

function readLock(lockPath: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Age from the recorded time, or from the file's mtime while its owner is still writing it. */
function lockAgeMs(lockPath: string, info: LockInfo | undefined): number | undefined {
  if (typeof info?.at === 'number') return Date.now() - info.at;
  try {
    return Date.now() - statSync(lockPath).mtimeMs;
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

function isStale(info: LockInfo | undefined, ageMs: number, staleMs: number): boolean {
  if (ageMs > staleMs) return true;
  // No owner in it: its writer died between creating it and writing it.
  if (info === undefined) return ageMs > DEFAULT_STALE_MS;
  const ownerDead = info?.host === hostname() && typeof info.pid === 'number' && !isProcessAlive(info.pid);
  return ownerDead;
}

/**
 * Two processes may find the same stale lock: a second lock file (the breaker) makes sure only
 * one removes it, and only if it is still the very lock that was found stale, so a fresh lock
 * taken in between is never removed.
 */
function breakIfStale(lockPath: string, staleMs: number): boolean {
  const info = readLock(lockPath);
  const age = lockAgeMs(lockPath, info);
  if (age === undefined) return true; // gone already: try again at once
  if (!isStale(info, age, staleMs)) return false;
  const breaker = `${lockPath}.break`;
  if (!tryCreate(breaker, uniqueToken(':'))) {
    const breakerAge = lockAgeMs(breaker, readLock(breaker));
    // The breaker is held for microseconds, whatever the lock it breaks.
    if (breakerAge !== undefined && breakerAge > Math.min(staleMs, DEFAULT_STALE_MS)) removeFile(breaker);
    return false;
  }
  try {
    if (readLock(lockPath)?.token === info?.token) removeFile(lockPath);
  } finally {
    removeFile(breaker);
  }
  return true;
}
