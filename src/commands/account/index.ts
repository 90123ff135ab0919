import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples } from '../shared/action.js';
import { register as get } from './get.js';
import { register as update } from './update.js';

/** `shorty account ...`, in the order its help lists the verbs. */
export function register(account: Command, ctx: Context, words?: readonly string[]): void {
  examples(account, 'shorty account', 'shorty account update --email me@example.com');
  buildVerbs(account, words, {
    get: () => get(account, ctx),
    update: () => update(account, ctx),
  });
}
