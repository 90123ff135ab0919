import type { Context } from '../../context.js';

/**
 * Wraps a command's work: it may return an exit code (e.g. 1 when some rows failed);
 * errors propagate to main(), the one place that reports them.
 */
export function action<A extends unknown[]>(ctx: Context, work: (...args: A) => Promise<number | void>) {
  return async (...args: A): Promise<void> => {
    const code = await work(...args);
    if (typeof code === 'number' && code !== 0) ctx.exitCode = code;
  };
}

export { examples, notes } from '../../help/annotate.js';

/**
 * What a verb's `register` hands the parsed options to: its own `run` unless a test passes
 * another, to check what the parser fills without doing the work.
 */
export type RunF<O> = (opts: O, ctx: Context) => Promise<number | void>;
