import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { parseDomain } from '../../input/domain.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { fieldsHelp } from '../shared/resource.js';
import { addDomain } from '../../ops/resource-writes.js';
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

/** @public the verb's seam: parsed options and a context, no parser.
 */
export async function run(opts: AddOptions, ctx: Context): Promise<void> {
  const body = { domain: parseDomain(opts.domain, 'domain').url, ...redirectBody(opts) };
  await (await ctx.printer()).object(await addDomain(ctx, body), DOMAIN.view);
}
