import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples, notes, type RunF } from '../shared/action.js';
import { answers } from '../shared/surface.js';
import { LIMITS_FIELDS } from './fields.js';

/** What run() takes: the flags as the parser fills them. @public */
export interface LimitsOptions {
  reset?: boolean;
}

/** `shorty limits`: the local rate budget, read from the shared limiter state (no request). */
export function register(limits: Command, ctx: Context, runF: RunF<LimitsOptions> = run): void {
  answers(limits, [...LIMITS_FIELDS]);
  notes(
    limits,
    'The budget is shared by every shorty process using the same base URL and key. Once the ' +
      'server has announced its cap (X-RateLimit-Limit, shown as `server`), that cap replaces the ' +
      'default one; a cap you set (--rate-limit, SHORTY_RATE_LIMIT or the profile, shown as ' +
      '`configured_by`) is a ceiling the server may lower, never raise. `rate_limit` is the cap in ' +
      'force and `source` says whose it is. The table says each value with its unit (`5 per 10s`, ' +
      '`resets in 4.2s`); json, ndjson, csv and tsv keep numbers, the unit in the field name: ' +
      '`next_in_ms` and `resets_in_ms` are whole milliseconds, and the caps are written as ' +
      '--rate-limit takes them (`30/60s`).',
  );
  examples(
    limits
      .option('--reset', 'forget the local rate-limit state of this base URL and key (says what it cleared)')
      .action(action(ctx, (flags: LimitsOptions) => runF(flags, ctx))),
    'shorty limits',
    'shorty limits --json',
    'shorty limits -q            # just the number of requests left',
    'shorty limits --reset       # after a server announced an absurd wait',
  );
}

/** @public the command's seam: parsed options and a context, no parser. --reset forgets the budget, else it is shown. */
export async function run(opts: LimitsOptions, ctx: Context): Promise<void> {
  if (opts.reset) return (await import('./reset.js')).resetLimits(ctx);
  await (await import('./show.js')).showLimits(ctx);
}
