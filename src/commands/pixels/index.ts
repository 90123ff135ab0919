import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples } from '../shared/action.js';
import { fieldsHelp } from '../shared/resource.js';
import { register as remove } from '../shared/verbs/delete.js';
import { register as get } from '../shared/verbs/get.js';
import { register as list } from '../shared/verbs/list.js';
import { register as add } from './add.js';
import { PIXEL } from './resource.js';
import { register as types } from './types.js';
import { register as update } from './update.js';

/** `shorty pixels ...`, in the order its help lists the verbs. */
export function register(pixels: Command, ctx: Context, words?: readonly string[]): void {
  fieldsHelp(pixels, PIXEL);
  examples(
    pixels,
    'shorty pixels types',
    'shorty pixels add "Main site" --type gtmpixel --tag GTM-ABC123',
    'shorty pixels update 9 --tag GTM-XYZ789',
  );
  buildVerbs(pixels, words, {
    list: () =>
      list(pixels, ctx, PIXEL, 'list your tracking pixels', 'shorty pixels list', 'shorty pixels ls --all --json'),
    get: () => get(pixels, ctx, PIXEL, 'shorty pixels get 9', 'shorty pixels show "FB main" --fields type,tag'),
    types: () => types(pixels, ctx),
    add: () => add(pixels, ctx),
    update: () => update(pixels, ctx),
    delete: () => remove(pixels, ctx, PIXEL, 'delete tracking pixels'),
  });
}
