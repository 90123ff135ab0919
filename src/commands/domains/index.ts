import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseDomain } from '../../input/domain.js';
import { parseHttpUrl } from '../../input/validate.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { asRecord, fieldsHelp, registerDelete, registerGet, registerList, type Resource } from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { checkNamedArgs, DOMAIN_NAMES, listedOf, domainId, namedHelp } from '../shared/resolve-name.js';

const FIELDS = ['id', 'domain', 'redirectroot', 'redirect404'];

const DOMAIN: Resource = {
  ...listedOf(DOMAIN_NAMES),
  view: { columns: FIELDS, fields: FIELDS },
  named: DOMAIN_NAMES,
};

interface RedirectFlags {
  redirectRoot?: string;
  redirect404?: string;
}

/** The optional redirects, checked before any request, as the API's body keys. */
function redirectBody(flags: RedirectFlags): Record<string, string> {
  const body: Record<string, string> = {};
  if (flags.redirectRoot !== undefined) body.redirectroot = parseHttpUrl(flags.redirectRoot, '--redirect-root');
  if (flags.redirect404 !== undefined) body.redirect404 = parseHttpUrl(flags.redirect404, '--redirect-404');
  return body;
}

function withRedirectOptions(cmd: Command): Command {
  return cmd
    .option('--redirect-root <url>', 'where a visit to the bare domain goes')
    .option('--redirect-404 <url>', 'where an unknown alias on this domain goes');
}

export function register(domains: Command, ctx: Context): void {
  fieldsHelp(domains, DOMAIN);
  examples(domains, 'shorty domains list', 'shorty domains add go.example.com', 'shorty domains get 3');

  registerList(
    domains,
    ctx,
    DOMAIN,
    'list your branded domains',
    'shorty domains list',
    'shorty domains list --all -o csv',
    'shorty domains ls -q',
  );
  registerGet(
    domains,
    ctx,
    DOMAIN,
    'shorty domains get 3',
    'shorty domains get go.example.com',
    'shorty domains show 3 --fields domain,redirect404',
  );

  // The service answers only the id: the record printed is the id and what was sent.
  const add = withRedirectOptions(
    verb(
      domains,
      'add <domain>',
      'add a branded domain (it must already point to the service): go.example.com or https://go.example.com',
    ),
  ).action(
    action(ctx, async (domain: string, flags: RedirectFlags) => {
      const body = { domain: parseDomain(domain, 'domain').url, ...redirectBody(flags) };
      const res = await (await ctx.api()).call('POST', '/domain/add', { body });
      await (await ctx.printer()).object(asRecord(DOMAIN, { id: res.id, ...body }), DOMAIN.view);
    }),
  );
  answers(add, DOMAIN.view);
  fieldsHelp(add, DOMAIN);
  examples(
    add,
    'shorty domains add go.example.com',
    'shorty domains add https://go.example.com -q',
    'shorty domains add go.example.com --redirect-404 https://example.com/404',
  );

  // The service answers a message: the record printed is the id and what changed.
  const update = withRedirectOptions(verb(domains, 'update <id|domain>', 'change where a domain redirects')).action(
    action(ctx, async (arg: string, flags: RedirectFlags) => {
      checkNamedArgs(DOMAIN_NAMES, [arg]);
      const body = redirectBody(flags);
      if (Object.keys(body).length === 0)
        throw new UsageError('nothing to update: pass --redirect-root and/or --redirect-404');
      const target = await domainId(ctx, arg);
      await (await ctx.api()).call('PUT', `/domain/${target}/update`, { body });
      await (await ctx.printer()).object(asRecord(DOMAIN, { id: target, ...body }), DOMAIN.view);
    }),
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

  registerDelete(domains, ctx, DOMAIN, (id) => `/domain/${id}/delete`, 'delete branded domains');
}
