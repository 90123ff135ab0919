import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { addListOptions, type ListFlags, printList } from '../shared/list.js';
import { QR_LIST_VIEW } from './view.js';
import { QR_NAMES } from '../shared/resolve-name.js';
import { answers } from '../shared/surface.js';

/** `qr list`: a thin wrapper over the shared list path. */
export function registerReads(group: Command, ctx: Context): void {
  const list = verb(group, 'list', 'list your QR codes, newest first');
  addListOptions(list).action(
    action(ctx, (flags: ListFlags) =>
      printList(ctx, { path: QR_NAMES.list.path, keys: QR_NAMES.list.keys, view: QR_LIST_VIEW, flags }),
    ),
  );
  answers(list, QR_LIST_VIEW);
  examples(list, 'shorty qr list', 'shorty qr list --all -o csv', 'shorty qr list -q');
}
