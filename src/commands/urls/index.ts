import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { registerVerbs, type Verb } from '../shared/group.js';
import { register as add } from './add.js';
import { register as remove } from './delete.js';
import { register as get } from './get.js';
import { register as list } from './list.js';
import { register as lookup } from './lookup.js';
import { register as update } from './update.js';
import { registerExport } from './export.js';
import { registerImport } from './import.js';

/** The verbs, in the order `shorty urls --help` lists them. */
export const URLS_VERBS: readonly Verb[] = [
  { name: 'list', register: list },
  { name: 'lookup', register: lookup },
  { name: 'get', register: get },
  { name: 'add', register: add },
  { name: 'update', register: update },
  { name: 'delete', register: remove },
  { name: 'import', register: registerImport },
  { name: 'export', register: registerExport },
];

/** `shorty urls ...` (also url, link, links). */
export function register(group: Command, ctx: Context, verb?: string): void {
  registerVerbs(group, ctx, URLS_VERBS, verb);
}
