import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples } from '../shared/action.js';
import { fieldsHelp, registerDelete, registerGet, registerList } from '../shared/resource.js';
import { register as add } from './add.js';
import { register as assign } from './assign.js';
import { register as items } from './items.js';
import { CHANNEL } from './resource.js';
import { register as update } from './update.js';

/** `shorty channels ...`, in the order its help lists the verbs. */
export function register(channels: Command, ctx: Context): void {
  fieldsHelp(channels, CHANNEL);
  examples(
    channels,
    'shorty channels list',
    'shorty channels add Newsletter --color "#1e90ff"',
    'shorty channels items 7',
    'shorty channels assign 7 link 1021 1022',
  );
  registerList(channels, ctx, CHANNEL, 'list your channels', 'shorty channels list', 'shorty channels ls --all -o csv');
  registerGet(channels, ctx, CHANNEL, 'shorty channels get 7', 'shorty channels show Newsletter --json');
  items(channels, ctx);
  add(channels, ctx);
  update(channels, ctx);
  registerDelete(
    channels,
    ctx,
    CHANNEL,
    (id) => `/channel/${id}/delete`,
    'delete channels (their items are unassigned, not deleted)',
  );
  assign(channels, ctx);
}
