import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples, notes, type RunF } from '../shared/action.js';
import { answers } from '../shared/surface.js';
import { STATUS_FIELDS } from './fields.js';

/** What run() takes: the flags as the parser fills them. @public */
export interface StatusOptions {
  offline?: boolean;
}

/** `shorty status`: which settings a run would use, where each came from, and whether the key works. */
export function register(status: Command, ctx: Context, runF: RunF<StatusOptions> = run): void {
  answers(status, STATUS_FIELDS);
  notes(
    status,
    'Each setting says where it came from: flag, environment, profile or default. The key is ' +
      'checked with one GET /account unless --offline. key_check: ok; rejected (a wrong or expired ' +
      'key); account_inactive, no_api_access, api_disabled or endpoint_not_allowed (the account or ' +
      'the server refuses the API, whatever the key; key_check_message quotes the server); ' +
      'unreachable (no answer) or failed (another error), key_check_message saying why; skipped (--offline, or no base URL or key). ' +
      'name_cache_names, name_cache_bytes and name_cache_updated describe the names shell completion ' +
      'offers for this profile, base URL and key (see `shorty cache`).\n' +
      'Exit codes: 0 ready, 2 no base URL (or an invalid setting), 3 no API key, or the key or the ' +
      'account was refused, 4 rate limited (--no-wait), 5 the service could not be reached, 1 any ' +
      'other API error.',
  );
  examples(
    status
      .option('--offline', 'send no request: show the settings without checking the key')
      .action(action(ctx, (flags: StatusOptions) => runF(flags, ctx))),
    'shorty status',
    'shorty status --offline --json',
    'shorty status --profile work && shorty urls list --profile work',
  );
}

/** @public the command's seam: parsed options and a context, no parser. */
export async function run(opts: StatusOptions, ctx: Context): Promise<void> {
  await (await import('./run.js')).showStatus(ctx, opts);
}
