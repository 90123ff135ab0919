// Waiting for something another process or a server does, without guessing how long it takes.
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';

/**
 * Resolves once `condition` holds, checking it again after each turn of the timers: the order
 * comes from the event itself, on a fast machine or a loaded one. There is no limit of its own:
 * a condition that never holds is a hang, which the test's time limit reports.
 */
export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Whether a signal sent to process `pid` is still pending, not yet taken by it (Linux: the masks
 * in /proc/PID/status). Two of one kind sent before the first is taken merge into one.
 */
export function signalPending(pid: number, signal: NodeJS.Signals): boolean {
  const bit = 1n << BigInt(constants.signals[signal] - 1);
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return false; // the process is gone
  }
  return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some((m) => (BigInt(`0x${m[1]}`) & bit) !== 0n);
}
