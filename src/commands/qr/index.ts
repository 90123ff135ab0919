import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { register as add } from './add.js';
import { register as get } from './get.js';
import { register as list } from './list.js';
import { register as update } from './update.js';
import { examples, notes } from '../shared/action.js';
import { DRAWING_RULE } from './terminal.js';
import { QR_LIST_VIEW } from './view.js';
import { QR_NAMES } from '../../ops/names.js';
import { namedHelp } from '../shared/named-help.js';
import type { Deletable } from '../shared/resource.js';
import { register as remove } from '../shared/verbs/delete.js';

const QR: Deletable = { noun: 'QR code', group: 'qr', named: QR_NAMES, deletePath: (id) => `/qr/${id}/delete` };

/** `shorty qr ...` (also qrs), in the order its help lists the verbs. */
export function register(group: Command, ctx: Context, words?: readonly string[]): void {
  notes(group, `Fields of a QR code: ${(QR_LIST_VIEW.fields ?? []).join(', ')}.`);
  buildVerbs(group, words, {
    list: () => list(group, ctx),
    get: () => get(group, ctx),
    add: () => add(group, ctx),
    update: () => update(group, ctx),
    delete: () => remove(group, ctx, QR, 'delete QR codes'),
  });
  notes(
    group,
    `get, update and delete take a QR code by its id or its name: ${namedHelp(QR_NAMES)}.\n` +
      '--show on add draws the code of any type as `get` draws it: the link the service returns for it, so ' +
      `scans through it are counted (as --qr on \`urls add\` and \`urls get\` draws the short URL): ${DRAWING_RULE}.`,
  );
  examples(
    group,
    'shorty qr list --all -o csv',
    'shorty qr add Menu --type link --data https://example.com/menu --show',
    'shorty qr get 7',
    'shorty qr update 7 --data https://example.com/new',
    'shorty qr rm 7 8 -y',
  );
}
