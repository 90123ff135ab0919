import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { group, verb } from '../shared/group.js';
import { addListOptions, printList, type ListFlags } from '../shared/list.js';

const VIEW: View = { columns: ['id', 'name', 'date'] };

export function register(program: Command, ctx: Context): void {
  const splash = group(program, 'splash', [], 'list custom splash pages (read only)');
  examples(splash, 'shorty splash list');

  const list = addListOptions(verb(splash, 'list', 'list your custom splash pages'))
    .action(action(ctx, (flags: ListFlags) => printList(ctx, { path: '/splash', keys: ['splash'], view: VIEW, flags })));
  examples(list, 'shorty splash list', 'shorty splash ls -q');
}
