import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples } from '../shared/action.js';
import { fieldsHelp, namedResource, type Resource } from '../shared/resource.js';
import { SPLASH_PAGES } from '../../ops/resources.js';
import { register as get } from '../shared/verbs/get.js';
import { register as list } from '../shared/verbs/list.js';

const SPLASH: Resource = namedResource(SPLASH_PAGES.named, SPLASH_PAGES.fields);

export function register(splash: Command, ctx: Context, words?: readonly string[]): void {
  fieldsHelp(splash, SPLASH);
  examples(splash, 'shorty splash list', 'shorty splash get 1');
  buildVerbs(splash, words, {
    list: () => list(splash, ctx, SPLASH, 'list your custom splash pages', 'shorty splash list', 'shorty splash ls -q'),
    get: () =>
      get(
        splash,
        ctx,
        SPLASH,
        'shorty splash get 1',
        'shorty splash get "Holiday promo"',
        'shorty splash show 1 --fields name',
      ),
  });
}
