import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';

/** `shorty limits`: the local rate budget, read from the shared limiter state (no request). */
export function register(limits: Command, ctx: Context): void {
  examples(limits
    .option('--reset', 'forget the local rate-limit state of this base URL and key (says what it cleared)')
    .addHelpText('after', '\nThe budget is shared by every shorty process using the same base URL and key. Once the\n'
      + 'server has announced its cap (X-RateLimit-Limit), that cap replaces the configured one:\n'
      + '`source` says which applies. Times are in seconds.')
    .action(action(ctx, async (flags: { reset?: boolean }) => {
      if (flags.reset) {
        const { resetLimits } = await import('./reset.js');
        return resetLimits(ctx);
      }
      const { showLimits } = await import('./show.js');
      await showLimits(ctx);
    })),
  'shorty limits',
  'shorty limits --json',
  'shorty limits -q            # just the number of requests left',
  'shorty limits --reset       # after a server announced an absurd wait');
}
