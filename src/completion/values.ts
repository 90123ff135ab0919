import type { Argument, Command, Option } from 'commander';

/**
 * Values shell completion offers for an option or argument that is not a commander `.choices()`
 * (e.g. because the command validates it itself with a friendlier message, or because the list
 * is open: `--type <direct|frame|splash|ID>`). Prefer `.choices()` where it fits: completion
 * reads it too.
 */
const registry = new WeakMap<Option | Argument, readonly string[]>();

function optionOf(cmd: Command, flag: string): Option {
  const option = cmd.options.find((o) => o.long === flag || o.short === flag);
  if (!option) throw new Error(`completion: ${cmd.name()} has no option ${flag}`);
  return option;
}

function argumentOf(cmd: Command, name: string): Argument {
  const argument = cmd.registeredArguments.find((a) => a.name() === name);
  if (!argument) throw new Error(`completion: ${cmd.name()} has no argument ${name}`);
  return argument;
}

/** Offers `values` when completing the value of `flag` (`--type` or `-t`) of `cmd`. */
export function completeOption(cmd: Command, flag: string, values: readonly string[]): Command {
  registry.set(optionOf(cmd, flag), values);
  return cmd;
}

/** Offers `values` when completing the argument named `name` of `cmd`. */
export function completeArgument(cmd: Command, name: string, values: readonly string[]): Command {
  registry.set(argumentOf(cmd, name), values);
  return cmd;
}

/**
 * Values only known when completing (profile names): the program is run with `args` (quietly,
 * stderr dropped) and each line it prints is a value.
 */
const fromCommand = new WeakMap<Option | Argument, readonly string[]>();

/** What prints the profile names, one per line, for completing them. */
export const PROFILE_NAMES = ['profiles', 'list', '-q'] as const;

/** Completes the value of `flag` of `cmd` with the lines `<program> ...args` prints at completion time. */
export function completeOptionFrom(cmd: Command, flag: string, args: readonly string[]): Command {
  fromCommand.set(optionOf(cmd, flag), args);
  return cmd;
}

/** Completes the argument `name` of `cmd` with the lines `<program> ...args` prints at completion time. */
export function completeArgumentFrom(cmd: Command, name: string, args: readonly string[]): Command {
  fromCommand.set(argumentOf(cmd, name), args);
  return cmd;
}

/** The arguments of the program whose output lines complete this option or argument, if any. */
export function completionCommand(target: Option | Argument): readonly string[] | undefined {
  return fromCommand.get(target);
}

/** The values to complete for an option or argument: its commander choices, else the registry's. */
export function completionValues(target: Option | Argument): readonly string[] | undefined {
  return target.argChoices ?? registry.get(target);
}
