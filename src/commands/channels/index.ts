import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples } from '../shared/action.js';
import { fieldsHelp } from '../shared/resource.js';
import { register as remove } from '../shared/verbs/delete.js';
import { register as get } from '../shared/verbs/get.js';
import { register as list } from '../shared/verbs/list.js';
import { register as add } from './add.js';
import { register as assign } from './assign.js';
import { register as items } from './items.js';
import { CHANNEL } from './resource.js';
import { register as update } from './update.js';

/** `shorty channels ...`, in the order its help lists the verbs. */
export function register(channels: Command, ctx: Context, words?: readonly string[]): void {
  fieldsHelp(channels, CHANNEL);
  examples(
    channels,
    'shorty channels list',
    'shorty channels add Newsletter --color "#1e90ff"',
    'shorty channels items 7',
    'shorty channels assign 7 link 1021 1022',
  );
  buildVerbs(channels, words, {
    list: () =>
      list(channels, ctx, CHANNEL, 'list your channels', 'shorty channels list', 'shorty channels ls --all -o csv'),
    get: () => get(channels, ctx, CHANNEL, 'shorty channels get 7', 'shorty channels show Newsletter --json'),
    items: () => items(channels, ctx),
    add: () => add(channels, ctx),
    update: () => update(channels, ctx),
    delete: () => remove(channels, ctx, CHANNEL, 'delete channels (their items are unassigned, not deleted)'),
    assign: () => assign(channels, ctx),
  });
}
