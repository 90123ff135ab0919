import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { parseDomain } from '../../input/domain.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { asRecord, fieldsHelp } from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { DOMAIN, type RedirectFlags, redirectBody, withRedirectOptions } from './resource.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface AddOptions extends RedirectFlags {
  /** go.example.com or https://go.example.com */
  domain: string;
}

export function register(domains: Command, ctx: Context): void {
  const add = withRedirectOptions(
    verb(
      domains,
      'add <domain>',
      'add a branded domain (it must already point to the service): go.example.com or https://go.example.com',
    ),
  ).action(action(ctx, (domain: string, flags: RedirectFlags) => run({ ...flags, domain }, ctx)));
  answers(add, DOMAIN.view);
  fieldsHelp(add, DOMAIN);
  examples(
    add,
    'shorty domains add go.example.com',
    'shorty domains add https://go.example.com -q',
    'shorty domains add go.example.com --redirect-404 https://example.com/404',
  );
}

/**
 * The service answers only the id: the record printed is the id and what was sent.
 * @public the verb's seam: parsed options and a context, no parser.
 */
export async function run(opts: AddOptions, ctx: Context): Promise<void> {
  const body = { domain: parseDomain(opts.domain, 'domain').url, ...redirectBody(opts) };
  const res = await (await ctx.api()).call('POST', '/domain/add', { body });
  await (await ctx.printer()).object(asRecord(DOMAIN, { id: res.id, ...body }), DOMAIN.view);
}
