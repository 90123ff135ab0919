// Which tools the server offers: all, the reading ones (--read-only), the ones named (--tools),
// or all but the ones named (--exclude-tools). A client given fewer tools spends fewer of its
// model's tokens on them, and a user keeps a model away from what it should not touch.
import { UsageError } from '../errors.js';

export interface Offer {
  /** Only the tools that change nothing. */
  readOnly: boolean;
  /** Only these (--tools). */
  tools?: readonly string[];
  /** All but these (--exclude-tools). */
  excludeTools?: readonly string[];
}

export function offered(name: string, reads: boolean, offer: Offer): boolean {
  if (offer.readOnly && !reads) return false;
  if (offer.tools && !offer.tools.includes(name)) return false;
  return !offer.excludeTools?.includes(name);
}

/** `a,b` as names, each one a tool of `known`, else a UsageError listing the valid ones. */
export function toolNames(list: string, flag: string, known: readonly string[]): string[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0)
    throw new UsageError(`${flag} needs at least one tool name`, `the tools: ${known.join(', ')}`);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new UsageError(
      `${flag}: no tool named ${unknown.map((name) => JSON.stringify(name)).join(', ')}`,
      `the tools: ${known.join(', ')}`,
    );
  }
  return names;
}
