import type { Command } from 'commander';

/** The short alias a verb has in every group. */
const VERB_ALIASES: Record<string, string> = {
  list: 'ls',
  get: 'show',
  add: 'create',
  update: 'edit',
  delete: 'rm',
};

/** A verb of a group with its short alias (`list`/`ls`, `delete`/`rm`...). */
export function verb(parent: Command, usage: string, description: string): Command {
  const cmd = parent.command(usage).description(description);
  const alias = VERB_ALIASES[usage.split(' ')[0]];
  return alias ? cmd.alias(alias) : cmd;
}
