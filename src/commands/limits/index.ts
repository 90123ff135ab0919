import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples, notes } from '../shared/action.js';
import { answers } from '../shared/surface.js';

/** `shorty limits`: the local rate budget, read from the shared limiter state (no request). */
export function register(limits: Command, ctx: Context): void {
  // The fields of `limits` (show.ts, loaded when it runs).
  answers(limits, [
    'rate_limit',
    'source',
    'used',
    'remaining',
    'next_in',
    'resets_in',
    'configured',
    'configured_by',
    'server',
  ]);
  notes(
    limits,
    'The budget is shared by every shorty process using the same base URL and key. Once the ' +
      'server has announced its cap (X-RateLimit-Limit, shown as `server`), that cap replaces the ' +
      'default one; a cap you set (--rate-limit, SHORTY_RATE_LIMIT or the profile, shown as ' +
      '`configured_by`) is a ceiling the server may lower, never raise. `rate_limit` is the cap in ' +
      'force and `source` says whose it is. Times are in seconds.',
  );
  examples(
    limits
      .option('--reset', 'forget the local rate-limit state of this base URL and key (says what it cleared)')
      .action(
        action(ctx, async (flags: { reset?: boolean }) => {
          if (flags.reset) {
            const { resetLimits } = await import('./reset.js');
            return resetLimits(ctx);
          }
          const { showLimits } = await import('./show.js');
          await showLimits(ctx);
        }),
      ),
    'shorty limits',
    'shorty limits --json',
    'shorty limits -q            # just the number of requests left',
    'shorty limits --reset       # after a server announced an absurd wait',
  );
}
