import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { deleteMany } from '../shared/delete.js';
import { addListOptions, type ListFlags, printList } from '../shared/list.js';
import { parseQrId, QR_LIST_VIEW } from './view.js';
import { answers } from '../shared/surface.js';

/** `qr list`: a thin wrapper over the shared list path. */
export function registerReads(group: Command, ctx: Context): void {
  const list = verb(group, 'list', 'list your QR codes, newest first');
  addListOptions(list).action(action(ctx, (flags: ListFlags) =>
    printList(ctx, { path: '/qr', keys: ['qrs'], view: QR_LIST_VIEW, flags })));
  answers(list, QR_LIST_VIEW);
  examples(list, 'shorty qr list', 'shorty qr list --all -o csv', 'shorty qr list -q');
}

export function registerDelete(group: Command, ctx: Context): void {
  const remove = verb(group, 'delete <id...>', 'delete QR codes (asks first on a terminal; -y to skip, required in scripts)')
    .action(action(ctx, (ids: string[]) => deleteMany(ctx, {
      ids, noun: 'QR code', path: (id) => `/qr/${id}/delete`, resolve: async (args) => args.map(parseQrId),
    })));
  examples(remove, 'shorty qr delete 7', 'shorty qr delete 7 8 9 -y');
}
