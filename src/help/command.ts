// `shorty help A B` prints what `shorty A B --help` prints; `shorty help <topic>` a topic page.
// A word that names neither is a usage error, never the root help with exit 0.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { commandPath } from './command-path.js';
import { examples } from './annotate.js';
import { didYouMean } from '../parser-errors.js';
import { HELP_TOPICS, isHelpTopic, renderTopic } from './topics.js';
import { similar } from './similar.js';

/** Adds `help [command...]` to the root or to a group (`shorty urls help add`). */
export function registerHelp(parent: Command, ctx: Context): void {
  const atRoot = parent.parent === null;
  const path = commandPath(parent);
  const help = parent
    .command('help [command...]')
    .description(
      atRoot
        ? `show the help of a command, or a topic: ${Object.keys(HELP_TOPICS).join(', ')}`
        : 'show the help of a command',
    )
    .action((words: string[]) => showHelp(parent, words, ctx));
  examples(
    help,
    ...(atRoot
      ? ['shorty help urls add', 'shorty help exit-codes', 'shorty help flags']
      : [`${path} help`, `${path} help ${parent.commands.find((c) => c !== help)?.name() ?? ''}`.trimEnd()]),
  );
}

function subcommand(cmd: Command, word: string): Command | undefined {
  return cmd.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
}

function showHelp(from: Command, words: string[], ctx: Context): void {
  let cmd = from;
  for (const [i, word] of words.entries()) {
    const next = subcommand(cmd, word);
    if (next) {
      cmd = next;
      continue;
    }
    const atRoot = cmd.parent === null;
    if (atRoot && i === 0 && isHelpTopic(word) && words.length === 1) {
      const helper = cmd.createHelp();
      helper.prepareContext({ helpWidth: ctx.io.columns ?? 80 });
      ctx.io.stdout.write(renderTopic(word, cmd, helper));
      return;
    }
    throw unknownTopic(from, words, cmd, word);
  }
  cmd.outputHelp();
}

function unknownTopic(from: Command, words: string[], at: Command, word: string): UsageError {
  const prefix = commandPath(from).split(' ').slice(1);
  const asked = [...prefix, ...words].join(' ');
  const known = at.commands.filter((sub) => sub.name() !== 'help').map((sub) => sub.name());
  const candidates = at.parent === null ? [...known, ...Object.keys(HELP_TOPICS)] : known;
  const before = commandPath(at).split(' ').slice(1);
  const close = similar(word, candidates).map((name) => [...before, name].join(' '));
  const listed = at.parent === null ? 'shorty help' : `shorty help ${before.join(' ')}`;
  const what =
    at.parent === null ? 'to see the commands and topics' : known.length > 0 ? 'to see its commands' : 'for its help';
  return new UsageError(`unknown help topic "${asked}"`, didYouMean(close) ?? `run "${listed}" ${what}`);
}
