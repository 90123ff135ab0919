import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { addListOptions, printList, type ListFlags } from '../shared/list.js';
import { answers } from '../shared/surface.js';

const VIEW: View = { columns: ['id', 'type', 'name', 'date'], fields: ['id', 'type', 'name', 'date'] };

export function register(overlays: Command, ctx: Context): void {
  examples(overlays, 'shorty overlays list');

  // Servers disagree on the collection key: `cta` (the spec) or `overlay`.
  const list = addListOptions(verb(overlays, 'list', 'list your call-to-action overlays'))
    .action(action(ctx, (flags: ListFlags) => printList(ctx, { path: '/overlay', keys: ['cta', 'overlay'], view: VIEW, flags })));
  answers(list, VIEW);
  examples(list, 'shorty overlays list', 'shorty cta ls --all --json');
}
