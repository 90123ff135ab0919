import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { checkNamedArgs, DOMAIN_NAMES, domainId } from '../../ops/names.js';
import { namedHelp } from '../shared/named-help.js';
import { asRecord, fieldsHelp } from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { DOMAIN, type RedirectFlags, redirectBody, withRedirectOptions } from './resource.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface UpdateOptions extends RedirectFlags {
  /** The domain, by id or host. */
  domain: string;
}

export function register(domains: Command, ctx: Context): void {
  const update = withRedirectOptions(verb(domains, 'update <id|domain>', 'change where a domain redirects')).action(
    action(ctx, (domain: string, flags: RedirectFlags) => run({ ...flags, domain }, ctx)),
  );
  answers(update, DOMAIN.view);
  fieldsHelp(update, DOMAIN);
  notes(update, `<id|domain>: ${namedHelp(DOMAIN_NAMES)}.`);
  examples(
    update,
    'shorty domains update 3 --redirect-root https://example.com',
    'shorty domains update go.example.com --redirect-404 https://example.com/404',
    'shorty domains edit 3 --redirect-404 https://example.com/404 -q',
  );
}

/**
 * The service answers a message: the record printed is the id and what changed.
 * @public the verb's seam: parsed options and a context, no parser.
 */
export async function run(opts: UpdateOptions, ctx: Context): Promise<void> {
  checkNamedArgs(DOMAIN_NAMES, [opts.domain]);
  const body = redirectBody(opts);
  if (Object.keys(body).length === 0)
    throw new UsageError('nothing to update: pass --redirect-root and/or --redirect-404');
  const target = await domainId(ctx, opts.domain);
  await (await ctx.api()).call('PUT', `/domain/${target}/update`, { body });
  await (await ctx.printer()).object(asRecord(DOMAIN, { id: target, ...body }), DOMAIN.view);
}
