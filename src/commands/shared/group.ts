import type { Command, CommandOptions } from 'commander';

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
