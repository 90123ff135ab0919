/** The run's clock: tests give a simulated one, so no waiting part reads the real time itself. */
export interface Clock {
  now(): number;
  /** Resolves after ms; rejects with the signal's reason when it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The longest delay a Node timer holds (~24.8 days): past it, setTimeout fires at once and warns. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A sleep that honours the abort signal, for the real host. A longer delay than one timer holds
 * is slept in pieces, so no wait, however it was computed, turns into a busy loop.
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let left = Number.isNaN(ms) ? 0 : Math.max(0, ms);
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const step = Math.min(left, MAX_TIMER_MS);
      left -= step;
      timer = setTimeout(left > 0 ? arm : done, step);
    };
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    arm();
  });
}
