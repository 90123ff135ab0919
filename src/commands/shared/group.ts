import type { Command } from 'commander';

/** A verb of a group with its short alias (`list`/`ls`, `delete`/`rm`...). */
export function verb(parent: Command, usage: string, description: string): Command {
  const name = usage.split(' ')[0];
  const cmd = parent.command(usage).description(description);
  const alias = VERB_ALIASES[name];
  return alias ? cmd.alias(alias) : cmd;
}

const VERB_ALIASES: Record<string, string> = {
  list: 'ls',
  get: 'show',
  add: 'create',
  update: 'edit',
  delete: 'rm',
};
