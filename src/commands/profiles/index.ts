import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples } from '../shared/action.js';
import { register as remove } from './delete.js';
import { register as list } from './list.js';
import { register as use } from './use.js';

/** `shorty profiles ...`, in the order its help lists the verbs. */
export function register(profiles: Command, ctx: Context, words?: readonly string[]): void {
  examples(profiles, 'shorty profiles list', 'shorty profiles use work');
  buildVerbs(profiles, words, {
    list: () => list(profiles, ctx),
    use: () => use(profiles, ctx),
    delete: () => remove(profiles, ctx),
  });
}
