import type { Context } from '../context.js';

/**
 * Runs a bulk run whose own cleanups (its journal lock, its spooled rows) end with it, not with
 * the caller's context: a server of tools lives on after the run.
 */
export async function ownCleanups<T>(ctx: Context, body: (run: Context) => Promise<T>): Promise<T> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const run: Context = { ...ctx, onClose: (fn) => void cleanups.push(fn) };
  try {
    return await body(run);
  } finally {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
  }
}
