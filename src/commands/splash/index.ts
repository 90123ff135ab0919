import type { Command } from 'commander';
import { LISTS } from '../../api/lists.js';
import type { Context } from '../../context.js';
import { examples } from '../shared/action.js';
import { fieldsHelp, type Resource } from '../shared/resource.js';
import { register as get } from '../shared/verbs/get.js';
import { register as list } from '../shared/verbs/list.js';

const FIELDS = ['id', 'name', 'date'];

const SPLASH: Resource = {
  noun: 'splash page',
  group: 'splash',
  list: LISTS.splash,
  view: { columns: FIELDS, fields: FIELDS },
};

export function register(splash: Command, ctx: Context): void {
  fieldsHelp(splash, SPLASH);
  examples(splash, 'shorty splash list', 'shorty splash get 1');
  list(splash, ctx, SPLASH, 'list your custom splash pages', 'shorty splash list', 'shorty splash ls -q');
  get(splash, ctx, SPLASH, 'shorty splash get 1', 'shorty splash show 1 --fields name');
}
