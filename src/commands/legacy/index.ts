import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples } from '../shared/action.js';
import { register as create } from './create.js';
import { register as disable } from './disable.js';
import { register as enable } from './enable.js';
import { legacyFieldsNote } from './fields.js';
import { register as info } from './info.js';
import { register as list } from './list.js';

/** `shorty legacy ...`: the key-in-path interface (`/api/v1/<KEY>/shorturl/...`), in the order its help lists the verbs. */
export function register(legacy: Command, ctx: Context, words?: readonly string[]): void {
  legacyFieldsNote(legacy);
  examples(
    legacy,
    'shorty legacy create https://example.com/a/long/path -q',
    'shorty legacy info https://sho.rt/abc --json',
    'shorty legacy list --xml',
  );
  buildVerbs(legacy, words, {
    create: () => create(legacy, ctx),
    disable: () => disable(legacy, ctx),
    enable: () => enable(legacy, ctx),
    info: () => info(legacy, ctx),
    list: () => list(legacy, ctx),
  });
}
