import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { addListOptions, printList, type ListFlags } from '../shared/list.js';
import { answers } from '../shared/surface.js';

const VIEW: View = { columns: ['id', 'name', 'date'], fields: ['id', 'name', 'date'] };

export function register(splash: Command, ctx: Context): void {
  examples(splash, 'shorty splash list');

  const list = addListOptions(verb(splash, 'list', 'list your custom splash pages'))
    .action(action(ctx, (flags: ListFlags) => printList(ctx, { path: '/splash', keys: ['splash'], view: VIEW, flags })));
  answers(list, VIEW);
  examples(list, 'shorty splash list', 'shorty splash ls -q');
}
