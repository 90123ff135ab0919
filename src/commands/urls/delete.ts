import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { deleteAnswers, deleteMany } from '../shared/delete.js';

export function register(group: Command, ctx: Context): void {
  const cmd = verb(group, 'delete <id...>', 'delete links (asks first on a terminal; -y to skip, required in scripts)')
    .action(action(ctx, (ids: string[]) => deleteMany(ctx, { ids, noun: 'link', path: (id) => `/url/${id}/delete` })));
  deleteAnswers(cmd);
  examples(cmd, 'shorty urls delete 42', 'shorty urls delete 42 43 44 -y');
}
