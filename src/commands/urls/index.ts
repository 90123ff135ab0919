import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { register as add } from './add.js';
import { register as remove } from './delete.js';
import { register as get } from './get.js';
import { register as list } from './list.js';
import { register as lookup } from './lookup.js';
import { register as update } from './update.js';
import { registerExport } from './export.js';
import { registerImport } from './import.js';
import { registerSync } from './sync.js';

/** `shorty urls ...` (also url, link, links), in the order its help lists the verbs. */
export function register(group: Command, ctx: Context): void {
  for (const verb of [list, lookup, get, add, update, remove]) verb(group, ctx);
  registerImport(group, ctx);
  registerSync(group, ctx);
  registerExport(group, ctx);
}
