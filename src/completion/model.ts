import type { Argument, Command, Option } from 'commander';
import type { NameResource } from '../cache/paths.js';
import { completionCommand, completionValues } from './values.js';
import { HELP_TOPICS } from '../help/topics.js';
import { argumentNames, optionNames, TYPED_NAME_ARGUMENTS } from './name-positions.js';

/** What a completion script needs to know about an option. */
export interface OptionSpec {
  /** `-o`, `--output` */
  flags: string[];
  description: string;
  takesValue: boolean;
  /** Enumerated values (commander choices or the completion registry). */
  values?: readonly string[];
  /** The value names a file (its placeholder says file or path): complete file names. */
  files: boolean;
  /** Arguments of the program whose output lines are the values (read at completion time). */
  command?: readonly string[];
  /** The names of the cache the values are (read by the shell from the cache's plain files). */
  names?: NameResource;
}

export interface ArgumentSpec {
  name: string;
  values?: readonly string[];
  files: boolean;
  command?: readonly string[];
  names?: NameResource;
  /** The names depend on an earlier argument: its index, and its word -> resource. */
  typedNames?: { index: number; byWord: Record<string, NameResource> };
  /** Takes every word from here on (`<link...>`). */
  variadic: boolean;
}

export interface CommandSpec {
  /** Space-separated names from the root ('' for the root, 'urls add' for a verb). */
  path: string;
  name: string;
  aliases: string[];
  description: string;
  /** This command's own options (the root's are the global ones, see CompletionModel). */
  options: OptionSpec[];
  args: ArgumentSpec[];
  commands: CommandSpec[];
}

export interface CompletionModel {
  program: string;
  root: CommandSpec;
  /** The root's options, accepted before or after any subcommand (minus help and version). */
  globals: OptionSpec[];
  /** Every command, root first, depth first. */
  all: CommandSpec[];
  /** What `help` takes besides command names: its topics. */
  helpTopics: string[];
}

// A value names a file when its placeholder says so: `--data <file>`, `--logo <path|url>`,
// `[file]`. An argument called "path" is left out: `api GET <path>` is an API path.
const OPTION_FILE_HINT = /file|path|dir/i;
const ARGUMENT_FILE_HINT = /file|dir/i;

/** Reads the commander tree into plain data; hidden commands and options are left out. */
export function describeProgram(program: Command): CompletionModel {
  const root = describeCommand(program, '');
  const all: CommandSpec[] = [];
  const collect = (spec: CommandSpec) => {
    all.push(spec);
    spec.commands.forEach(collect);
  };
  collect(root);
  const globals = root.options.filter((o) => !o.flags.some((f) => f === '--help' || f === '--version'));
  return { program: program.name(), root, globals, all, helpTopics: Object.keys(HELP_TOPICS) };
}

function describeCommand(cmd: Command, path: string): CommandSpec {
  const help = cmd.createHelp();
  return {
    path,
    name: cmd.name(),
    aliases: cmd.aliases(),
    description: firstLine(cmd.summary() || cmd.description()),
    options: help.visibleOptions(cmd).map((option) => describeOption(option, path)),
    args: cmd.registeredArguments.map((argument, index) => describeArgument(argument, path, index)),
    commands: help.visibleCommands(cmd).map((sub) => describeCommand(sub, path ? `${path} ${sub.name()}` : sub.name())),
  };
}

function describeOption(option: Option, path: string): OptionSpec {
  const placeholder = /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1] ?? '';
  const takesValue = option.required || option.optional;
  return {
    flags: [option.short, option.long].filter((f): f is string => Boolean(f)),
    description: firstLine(option.description),
    takesValue,
    values: takesValue ? completionValues(option) : undefined,
    files: takesValue && OPTION_FILE_HINT.test(placeholder),
    command: takesValue ? completionCommand(option) : undefined,
    names: takesValue
      ? optionNames(
          path,
          [option.short, option.long].filter((f): f is string => Boolean(f)),
        )
      : undefined,
  };
}

function describeArgument(argument: Argument, path: string, index: number): ArgumentSpec {
  const typed = TYPED_NAME_ARGUMENTS.find(([p, i]) => p === path && i === index);
  return {
    name: argument.name(),
    values: completionValues(argument),
    files: ARGUMENT_FILE_HINT.test(argument.name()),
    command: completionCommand(argument),
    names: argumentNames(path, index),
    typedNames: typed && { index: typed[2], byWord: typed[3] },
    variadic: argument.variadic,
  };
}

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}
