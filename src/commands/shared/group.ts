import type { Command, CommandOptions } from 'commander';
import { commandWordAt } from '../command-word.js';

/** The short alias a verb has in every group: the one place they are named. */
const VERB_ALIASES: Record<string, string> = {
  list: 'ls',
  get: 'show',
  add: 'create',
  update: 'edit',
  delete: 'rm',
};

/** A verb of a group with its short alias (`list`/`ls`, `delete`/`rm`...). */
export function verb(parent: Command, usage: string, description: string, opts?: CommandOptions): Command {
  const cmd = parent.command(usage, opts).description(description);
  const alias = VERB_ALIASES[usage.split(' ')[0]];
  return alias ? cmd.alias(alias) : cmd;
}

/**
 * Builds a group's verbs, in the order its help lists them: `verbs` maps each verb's word to what
 * registers it. Given the words that follow the group's name in argv, only the verb they name (by
 * its word or short alias) is built, and only its module is initialised (the build makes a group's
 * imports of `register` functions requires made at the call); with no words (the whole tree), an
 * unknown word or none (the group's help, suggestions for a typo), every verb. Building all of
 * `urls` cost `urls list` a tenth of its start (docs/design/performance.md).
 */
export function buildVerbs(
  group: Command,
  words: readonly string[] | undefined,
  verbs: Record<string, () => void>,
): void {
  let root = group;
  while (root.parent) root = root.parent;
  const word = words && commandWordAt(root, words)?.word;
  const named = word === undefined ? undefined : Object.keys(verbs).find((v) => v === word || VERB_ALIASES[v] === word);
  for (const [v, build] of Object.entries(verbs)) if (named === undefined || v === named) build();
}
