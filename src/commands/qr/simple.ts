import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { parseId } from '../../input/validate.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { deleteMany } from '../shared/delete.js';
import { addListOptions, type ListFlags, printList } from '../shared/list.js';
import { QR_DETAIL_VIEW, QR_LIST_VIEW } from './view.js';

/** `qr list` and `qr get`: thin wrappers over the shared list and object paths. */
export function registerReads(group: Command, ctx: Context): void {
  const list = verb(group, 'list', 'list your QR codes, newest first');
  addListOptions(list).action(action(ctx, (flags: ListFlags) =>
    printList(ctx, { path: '/qr', keys: ['qrs'], view: QR_LIST_VIEW, flags })));
  examples(list, 'shorty qr list', 'shorty qr list --all -o csv', 'shorty qr list -q');

  const get = verb(group, 'get <id>', 'show a QR code with its scan statistics')
    .action(action(ctx, async (idText: string) => {
      const id = parseId(idText, 'QR code id');
      const detail = await (await ctx.api()).call('GET', `/qr/${id}`);
      await (await ctx.printer()).object(detail, QR_DETAIL_VIEW);
    }));
  examples(get, 'shorty qr get 7', 'shorty qr get 7 --json');
}

export function registerDelete(group: Command, ctx: Context): void {
  const remove = verb(group, 'delete <id...>', 'delete QR codes (asks first on a terminal; -y to skip, required in scripts)')
    .action(action(ctx, (ids: string[]) => deleteMany(ctx, { ids, noun: 'QR code', path: (id) => `/qr/${id}/delete` })));
  examples(remove, 'shorty qr delete 7', 'shorty qr delete 7 8 9 -y');
}
