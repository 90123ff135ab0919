import { UsageError } from '../../errors.js';

/**
 * A resource's name given as the argument (`campaigns add Summer`) or with `--name` (the older
 * form, kept working). Both at once must agree: two different names are a usage error, not a guess.
 */
export function nameArgument(
  positional: string | undefined,
  flag: string | undefined,
  noun: string,
): string | undefined {
  if (positional !== undefined && flag !== undefined && positional !== flag) {
    throw new UsageError(
      `two names for the ${noun}: "${positional}" and --name "${flag}"`,
      'give the name once, as the argument or with --name',
    );
  }
  return positional ?? flag;
}
