import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples } from '../shared/action.js';
import { fieldsHelp } from '../shared/resource.js';
import { register as remove } from '../shared/verbs/delete.js';
import { register as get } from '../shared/verbs/get.js';
import { register as list } from '../shared/verbs/list.js';
import { register as add } from './add.js';
import { DOMAIN } from './resource.js';
import { register as update } from './update.js';

/** `shorty domains ...`, in the order its help lists the verbs. */
export function register(domains: Command, ctx: Context, words?: readonly string[]): void {
  fieldsHelp(domains, DOMAIN);
  examples(domains, 'shorty domains list', 'shorty domains add go.example.com', 'shorty domains get 3');
  buildVerbs(domains, words, {
    list: () =>
      list(
        domains,
        ctx,
        DOMAIN,
        'list your branded domains',
        'shorty domains list',
        'shorty domains list --all -o csv',
        'shorty domains ls -q',
      ),
    get: () =>
      get(
        domains,
        ctx,
        DOMAIN,
        'shorty domains get 3',
        'shorty domains get go.example.com',
        'shorty domains show 3 --fields domain,redirect404',
      ),
    add: () => add(domains, ctx),
    update: () => update(domains, ctx),
    delete: () => remove(domains, ctx, DOMAIN, 'delete branded domains'),
  });
}
