import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { addListOptions, type ListFlags, printList } from '../shared/list.js';
import { QR_LIST_VIEW } from './view.js';
import { QR_NAMES } from '../../ops/names.js';
import { answers } from '../shared/surface.js';

/** What run() takes: the flags as the parser fills them. @public */
export type ListOptions = ListFlags;

/** `qr list`: a thin wrapper over the shared list path. */
export function register(group: Command, ctx: Context): void {
  const list = verb(group, 'list', 'list your QR codes, newest first');
  addListOptions(list).action(action(ctx, (flags: ListOptions) => run(flags, ctx)));
  answers(list, QR_LIST_VIEW);
  examples(list, 'shorty qr list', 'shorty qr list --all -o csv', 'shorty qr list -q');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: ListOptions, ctx: Context): Promise<void> {
  await printList(ctx, { path: QR_NAMES.list.path, keys: QR_NAMES.list.keys, view: QR_LIST_VIEW, flags: opts });
}
