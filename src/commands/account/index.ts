import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples } from '../shared/action.js';
import { register as get } from './get.js';
import { register as update } from './update.js';

/** `shorty account ...`, in the order its help lists the verbs. */
export function register(account: Command, ctx: Context): void {
  examples(account, 'shorty account', 'shorty account update --email me@example.com');
  for (const verb of [get, update]) verb(account, ctx);
}
