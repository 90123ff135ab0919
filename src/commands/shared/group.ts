import type { Command } from 'commander';
import type { Context } from '../../context.js';

/** A verb of a group with its short alias (`list`/`ls`, `delete`/`rm`...). */
export function verb(parent: Command, usage: string, description: string): Command {
  const name = usage.split(' ')[0];
  const cmd = parent.command(usage).description(description);
  const alias = verbAlias(name);
  return alias ? cmd.alias(alias) : cmd;
}

const VERB_ALIASES: Record<string, string> = {
  list: 'ls',
  get: 'show',
  add: 'create',
  update: 'edit',
  delete: 'rm',
};

/** The short alias a verb has in every group (`ls` for `list`...), if any. */
export function verbAlias(name: string): string | undefined {
  return VERB_ALIASES[name];
}

/** One verb of a group, for registerVerbs(): its name (its alias is verbAlias's) and what builds it in full. */
export interface Verb {
  name: string;
  register(group: Command, ctx: Context): void;
}

/**
 * Builds a group's verbs. Given the verb a run asked for (`list` or `ls` in `shorty urls ls`),
 * only that one is built: the others only show in the group's help and in suggestions for an
 * unknown verb, which such a run never prints. Otherwise (help, an unknown word), all of them.
 */
export function registerVerbs(group: Command, ctx: Context, verbs: readonly Verb[], wanted?: string): void {
  const target = wanted === undefined ? undefined : verbs.find((v) => v.name === wanted || verbAlias(v.name) === wanted);
  for (const verb of target ? [target] : verbs) verb.register(group, ctx);
}
