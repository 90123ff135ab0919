import type { Command } from 'commander';
import { LISTS } from '../../api/lists.js';
import type { Context } from '../../context.js';
import { examples } from '../shared/action.js';
import { fieldsHelp, type Resource } from '../shared/resource.js';
import { register as get } from '../shared/verbs/get.js';
import { register as list } from '../shared/verbs/list.js';

const FIELDS = ['id', 'type', 'name', 'date'];

const OVERLAY: Resource = {
  noun: 'overlay',
  group: 'overlays',
  list: LISTS.overlay,
  view: { columns: FIELDS, fields: FIELDS },
};

export function register(overlays: Command, ctx: Context): void {
  fieldsHelp(overlays, OVERLAY);
  examples(overlays, 'shorty overlays list', 'shorty overlays get 2');
  list(
    overlays,
    ctx,
    OVERLAY,
    'list your call-to-action overlays',
    'shorty overlays list',
    'shorty cta ls --all --json',
  );
  get(overlays, ctx, OVERLAY, 'shorty overlays get 2', 'shorty cta show 2 --json');
}
