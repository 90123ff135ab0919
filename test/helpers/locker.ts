// A process that takes locks one step at a time, as its parent says: a line on stdin per step, a
// line on stdout per answer (test/unit/lock.test.ts bundles it and runs several). The steps are
// waited for synchronously, so the parent can stop it inside a moment lock's work as well.
import { readFileSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { breakStale, isStale, tryRunLock, withMomentLock } from '../../src/util/lock.js';

const path = process.argv[2]!;
const lockDir = `${path}.lock`;
let pending = '';

function next(): string {
  const buf = Buffer.alloc(256);
  while (!pending.includes('\n')) {
    const n = readSync(0, buf);
    if (n === 0) process.exit(0);
    pending += buf.subarray(0, n).toString();
  }
  const line = pending.slice(0, pending.indexOf('\n'));
  pending = pending.slice(line.length + 1);
  return line;
}

const say = (text: string) => writeSync(1, `${text}\n`);

async function main(): Promise<void> {
  let lock: Awaited<ReturnType<typeof tryRunLock>> | undefined;
  for (;;) {
    const [step, arg] = next().split(' ');
    if (step === 'judge') say(isStale(lockDir) ? 'stale' : 'fresh');
    else if (step === 'break') say(breakStale(lockDir));
    else if (step === 'run') {
      lock = await tryRunLock(path);
      say('release' in lock ? 'took' : `held ${lock.holder.pid}`);
    } else if (step === 'moment') {
      // Holds the lock until the next step.
      await withMomentLock(path, () => {
        say('holding');
        next();
      });
      say('released');
    } else if (step === 'count') {
      for (let i = 0; i < Number(arg); i++) {
        await withMomentLock(path, () => writeFileSync(path, String(Number(readFileSync(path, 'utf8')) + 1)));
      }
      say('counted');
    } else if (step === 'release' && lock && 'release' in lock) {
      lock.release();
      say('released');
    } else process.exit(0);
  }
}

void main();
