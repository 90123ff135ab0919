import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { wrapNotes } from '../../help/format.js';

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

/** Appends an Examples block (gh style) to a command's help. */
export function examples(cmd: Command, ...lines: string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

/**
 * Appends notes to a command's help, wrapped at help time to the width the help is printed at
 * (see wrapNotes: one paragraph per line of `text`). A function is called only then, so a run
 * that shows no help does not build the text.
 */
export function notes(cmd: Command, text: string | (() => string)): Command {
  return cmd.addHelpText('after', ({ command }) => {
    const width = command.configureOutput().getOutHelpWidth?.() ?? 80;
    return wrapNotes(`\n${typeof text === 'function' ? text() : text}`, width, command.createHelp());
  });
}
