// The layout of every help page, as gh lays out its own: usage, description, commands, the
// command's own flags, a short "Global flags" block (the whole list is `shorty help flags`),
// help topics on the root; the notes and examples a command adds follow (addHelpText 'after').
import type { Argument, Command, Help, Option } from 'commander';
import { type HelpPage, layoutHelp } from './layout.js';
import { HELP_TOPICS } from './topics.js';

/** The global flags the short block names, by long name: the ones most runs use. */
const COMMON_GLOBALS = ['--output', '--json', '--fields', '--quiet', '--yes', '--profile', '--debug', '--help'];

function rootOf(cmd: Command): Command {
  let root = cmd;
  while (root.parent) root = root.parent;
  return root;
}

/** `help` is shown once, as the root's Help topics, not as one more command of every list. */
function listedCommands(cmd: Command, helper: Help): Command[] {
  return helper.visibleCommands(cmd).filter((sub) => sub.name() !== 'help');
}

export function formatHelp(cmd: Command, helper: Help): string {
  return layoutHelp(helpPage(cmd, helper), helper);
}

/** What `cmd`'s help page says (layoutHelp lays it out). */
export function helpPage(cmd: Command, helper: Help): HelpPage {
  const root = rootOf(cmd);
  const commands = listedCommands(cmd, helper);
  const args: Argument[] = helper.visibleArguments(cmd);
  // The root's own flags are the global ones: the short block below stands for them.
  const flags: Option[] = cmd === root ? [] : helper.visibleOptions(cmd).filter((o) => o.long !== '--help');
  const topics = cmd === root ? Object.entries(HELP_TOPICS) : [];
  const description = helper.commandDescription(cmd);
  return {
    usage: helper.styleUsage(helper.commandUsage(cmd)),
    description: description ? helper.styleCommandDescription(description) : '',
    sections: [
      {
        title: 'Commands:',
        items: commands.map((sub) => [
          helper.styleSubcommandTerm(helper.subcommandTerm(sub)),
          helper.styleSubcommandDescription(helper.subcommandDescription(sub)),
        ]),
      },
      {
        title: 'Arguments:',
        items: args.map((a) => [
          helper.styleArgumentTerm(helper.argumentTerm(a)),
          helper.styleArgumentDescription(helper.argumentDescription(a)),
        ]),
      },
      {
        title: 'Flags:',
        items: flags.map((o) => [
          helper.styleOptionTerm(helper.optionTerm(o)),
          helper.styleOptionDescription(helper.optionDescription(o)),
        ]),
      },
      {
        title: `Global flags (all ${helper.visibleOptions(root).length}: shorty help flags):`,
        flow: commonGlobals(root, helper),
      },
      {
        title: 'Help topics (shorty help <topic>, or shorty help <command> [<subcommand>]):',
        items: topics.map(([name, text]) => [name, text]),
      },
    ],
  };
}

/** The common global flags' terms. */
function commonGlobals(root: Command, helper: Help): string[] {
  return helper
    .visibleOptions(root)
    .filter((o) => o.long !== undefined && COMMON_GLOBALS.includes(o.long))
    .map((o) => helper.styleOptionTerm(helper.optionTerm(o)));
}

/**
 * The notes a command adds after its help, wrapped to `width` as the help above them is, by
 * commander's own wrapping: each line of `text` is a paragraph; an indented line is a row of a
 * table (`  title         its meta title`) and goes on under its text column; a `$ ` example
 * stays whole, to be copied as it is.
 */
export function wrapNotes(text: string, width: number, helper: Help): string {
  return text
    .split('\n')
    .map((line) => {
      if (helper.displayWidth(line) <= width || /^\s+\$ /.test(line)) return line;
      const row = /^(\s+\S+(?:\s\S+)*?\s{2,}|\s+)(\S.*)$/.exec(line);
      if (!row) return helper.boxWrap(line, width);
      const indent = ' '.repeat(helper.displayWidth(row[1]));
      return helper
        .boxWrap(row[2], width - indent.length)
        .split('\n')
        .map((part, i) => (i === 0 ? row[1] : indent) + part)
        .join('\n');
    })
    .join('\n');
}
