import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { buildVerbs } from '../shared/group.js';
import { examples, notes } from '../shared/action.js';
import { register as clear } from './clear.js';
import { register as refresh } from './refresh.js';

/** `shorty cache refresh|clear`: the local names that shell completion offers, in the order its help lists the verbs. */
export function register(cache: Command, ctx: Context, words?: readonly string[]): void {
  notes(
    cache,
    'Commands that read or change links, campaigns, channels, pixels, QR codes or domains keep ' +
      'their names in a cache of the profile (no request of their own), and shell completion offers ' +
      'them: `shorty urls get <Tab>` offers aliases. Each profile, base URL and key has a folder ' +
      'named by a random id (never the key, nor a hash of it), mode 0600 in the config folder; ' +
      'each kind keeps the 20,000 names seen last. `shorty status` shows its age and size.',
  );
  examples(cache, 'shorty cache refresh', 'shorty cache refresh links campaigns -y', 'shorty cache clear');

  buildVerbs(cache, words, {
    refresh: () => refresh(cache, ctx),
    clear: () => clear(cache, ctx),
  });
}
