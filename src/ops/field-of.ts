// Which input an error is about: a check of several options fails on the first bad one, and the
// error says so in words; the field it carries lets each door point at it in its own.
import { ShortyError, UsageError } from '../errors.js';

/**
 * `check(undefined)` checks every option. When it fails with a usage error, the options are
 * checked one at a time (`check(key)`, then `check(null)` for none: what every check shares, such
 * as a long URL) and the error gets the key of the first that fails alone.
 */
export function fieldOfError<T extends object, R>(options: T, check: (key: keyof T | null | undefined) => R): R {
  try {
    return check(undefined);
  } catch (err) {
    if (!(err instanceof UsageError) || err.field !== undefined) throw err;
    err.field = blamed(options, check);
    throw err;
  }
}

function blamed<T extends object>(options: T, check: (key: keyof T | null) => unknown): string | undefined {
  const fails = (key: keyof T | null) => {
    try {
      check(key);
      return false;
    } catch (err) {
      return err instanceof ShortyError;
    }
  };
  if (fails(null)) return 'url';
  const keys = (Object.keys(options) as (keyof T)[]).filter((key) => options[key] !== undefined);
  return keys.find(fails) as string | undefined;
}
