import type { Command } from 'commander';
import { wrapNotes } from './format.js';

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
