import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples } from '../shared/action.js';
import { register as get } from './get.js';
import { register as list } from './list.js';
import { register as path } from './path.js';
import { register as set } from './set.js';
import { register as unset } from './unset.js';

/** `shorty config ...`, in the order its help lists the verbs. */
export function register(config: Command, ctx: Context, words?: readonly string[]): void {
  examples(config, 'shorty config list', 'shorty config set rate-limit 20/60s');
  buildVerbs(config, words, {
    list: () => list(config, ctx),
    get: () => get(config, ctx),
    set: () => set(config, ctx),
    unset: () => unset(config, ctx),
    path: () => path(config, ctx),
  });
}
