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
import { CAMPAIGN } from './resource.js';
import { register as update } from './update.js';

/** `shorty campaigns ...`, in the order its help lists the verbs. */
export function register(campaigns: Command, ctx: Context, words?: readonly string[]): void {
  fieldsHelp(campaigns, CAMPAIGN);
  examples(
    campaigns,
    'shorty campaigns list',
    'shorty campaigns add "Spring sale" --slug spring',
    'shorty campaigns assign 4 1021 1022',
    'shorty campaigns assign "Spring sale" 1021 spring',
  );
  buildVerbs(campaigns, words, {
    list: () =>
      list(
        campaigns,
        ctx,
        CAMPAIGN,
        'list your campaigns',
        'shorty campaigns list',
        'shorty campaigns ls --all --json',
      ),
    get: () =>
      get(
        campaigns,
        ctx,
        CAMPAIGN,
        'shorty campaigns get 4',
        'shorty campaigns get "Spring sale"',
        'shorty campaigns show 4 --fields name,rotator',
      ),
    add: () => add(campaigns, ctx),
    update: () => update(campaigns, ctx),
    delete: () => remove(campaigns, ctx, CAMPAIGN, 'delete campaigns (their links stay)'),
    assign: () => assign(campaigns, ctx),
  });
}
