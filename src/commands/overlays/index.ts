import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples } from '../shared/action.js';
import { fieldsHelp, namedResource, type Resource } from '../shared/resource.js';
import { OVERLAYS } from '../../ops/resources.js';
import { register as get } from '../shared/verbs/get.js';
import { register as list } from '../shared/verbs/list.js';

const OVERLAY: Resource = namedResource(OVERLAYS.named, OVERLAYS.fields);

export function register(overlays: Command, ctx: Context, words?: readonly string[]): void {
  fieldsHelp(overlays, OVERLAY);
  examples(overlays, 'shorty overlays list', 'shorty overlays get 2');
  buildVerbs(overlays, words, {
    list: () =>
      list(
        overlays,
        ctx,
        OVERLAY,
        'list your call-to-action overlays',
        'shorty overlays list',
        'shorty cta ls --all --json',
      ),
    get: () =>
      get(
        overlays,
        ctx,
        OVERLAY,
        'shorty overlays get 2',
        'shorty overlays get "Contact us form"',
        'shorty cta show 2 --json',
      ),
  });
}
