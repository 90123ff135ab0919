import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { register as registerGet } from './get.js';
import { registerDelete, registerReads } from './simple.js';
import { registerWrites } from './write.js';
import { examples } from '../shared/action.js';
import { QR_LIST_VIEW } from './view.js';

/** `shorty qr ...` (also qrs). */
export function register(group: Command, ctx: Context): void {
  group.addHelpText('after', `\nFields of a QR code: ${(QR_LIST_VIEW.fields ?? []).join(', ')}.`);
  examples(group, 'shorty qr list', 'shorty qr add Menu --type link --data https://example.com/menu --show', 'shorty qr get 7', 'shorty qr rm 7 8 -y');
  registerReads(group, ctx);
  registerGet(group, ctx);
  registerWrites(group, ctx);
  registerDelete(group, ctx);
}
