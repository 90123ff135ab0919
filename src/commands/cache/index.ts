import { Argument, type Command } from 'commander';
import { BULK_PAGE_SIZE } from '../../api/paginate.js';
import { NAME_RESOURCES } from '../../cache/paths.js';
import type { Context } from '../../context.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { answers } from '../shared/surface.js';
import { REFRESH_FIELDS } from './fields.js';

/** `shorty cache refresh|clear`: the local names that shell completion offers. */
export function register(cache: Command, ctx: Context): void {
  notes(
    cache,
    'Commands that read or change links, campaigns, channels, pixels, QR codes or domains keep ' +
      'their names in a cache of the profile (no request of their own), and shell completion offers ' +
      'them: `shorty urls get <Tab>` offers aliases. Each profile, base URL and key has a folder ' +
      'named by a random id (never the key, nor a hash of it), mode 0600 in the config folder; ' +
      'each kind keeps the 20,000 names seen last. `shorty status` shows its age and size.',
  );
  examples(cache, 'shorty cache refresh', 'shorty cache refresh links campaigns -y', 'shorty cache clear');

  const refresh = verb(
    cache,
    'refresh',
    `read every list in pages of ${BULK_PAGE_SIZE} into the name cache: one request per ${BULK_PAGE_SIZE} names of each (asks first on a terminal)`,
  )
    .addArgument(new Argument('[resource...]', `${NAME_RESOURCES.join(', ')} (default: all)`).choices(NAME_RESOURCES))
    .action(action(ctx, async (resources: string[]) => (await import('./refresh.js')).refreshCache(ctx, resources)));
  answers(refresh, REFRESH_FIELDS);
  notes(
    refresh,
    'States its cost first, from the sizes of the last lists read (at least one request per list), ' +
      'and asks on a terminal; -y skips the question. Prints what it read: resource, names, requests.',
  );
  examples(refresh, 'shorty cache refresh', 'shorty cache refresh links -y', 'shorty cache refresh campaigns channels');

  const clear = verb(cache, 'clear', "forget the names of the profile's cache (sends no request)").action(
    action(ctx, async () => (await import('./clear.js')).clearCache(ctx)),
  );
  examples(clear, 'shorty cache clear', 'shorty cache clear --profile work');
}
