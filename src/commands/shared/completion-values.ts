import type { Argument, Command, Option } from 'commander';

/**
 * Values shell completion offers for an option or argument that is not a commander `.choices()`
 * (e.g. because the command validates it itself with a friendlier message, or because the list
 * is open: `--type <direct|frame|splash|ID>`). Prefer `.choices()` where it fits: completion
 * reads it too.
 */
const registry = new WeakMap<Option | Argument, readonly string[]>();

/** Offers `values` when completing the value of `flag` (`--type` or `-t`) of `cmd`. */
export function completeOption(cmd: Command, flag: string, values: readonly string[]): Command {
  const option = cmd.options.find((o) => o.long === flag || o.short === flag);
  if (!option) throw new Error(`completeOption: ${cmd.name()} has no option ${flag}`);
  registry.set(option, values);
  return cmd;
}

/** Offers `values` when completing the argument named `name` of `cmd`. */
export function completeArgument(cmd: Command, name: string, values: readonly string[]): Command {
  const argument = cmd.registeredArguments.find((a) => a.name() === name);
  if (!argument) throw new Error(`completeArgument: ${cmd.name()} has no argument ${name}`);
  registry.set(argument, values);
  return cmd;
}

/** The values to complete for an option or argument: its commander choices, else the registry's. */
export function completionValues(target: Option | Argument): readonly string[] | undefined {
  return target.argChoices ?? registry.get(target);
}
