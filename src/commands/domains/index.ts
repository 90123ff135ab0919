import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseHttpUrl, parseHttpUrlAsTyped, parseId } from '../../input/validate.js';
import type { View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { deleteMany } from '../shared/delete.js';
import { verb } from '../shared/group.js';
import { addListOptions, printList, type ListFlags } from '../shared/list.js';
import { answers } from '../shared/surface.js';

const VIEW: View = { columns: ['id', 'domain', 'redirectroot', 'redirect404'], fields: ['id', 'domain', 'redirectroot', 'redirect404'] };

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
  examples(domains, 'shorty domains list', 'shorty domains add https://go.example.com');

  const list = addListOptions(verb(domains, 'list', 'list your branded domains'))
    .action(action(ctx, (flags: ListFlags) => printList(ctx, { path: '/domains', keys: ['domains'], view: VIEW, flags })));
  answers(list, VIEW);
  examples(list, 'shorty domains list', 'shorty domains list --all -o csv', 'shorty domains ls -q');

  const add = withRedirectOptions(verb(domains, 'add <domain>', 'add a branded domain (it must already point to the service)'))
    .action(action(ctx, async (domain: string, flags: RedirectFlags) => {
      const body = { domain: parseHttpUrlAsTyped(domain, 'domain'), ...redirectBody(flags) };
      const res = await (await ctx.api()).call('POST', '/domain/add', { body });
      await (await ctx.printer()).object(res, VIEW);
    }));
  answers(add, VIEW);
  examples(add, 'shorty domains add https://go.example.com',
    'shorty domains add https://go.example.com --redirect-root https://example.com --redirect-404 https://example.com/404');

  const update = withRedirectOptions(verb(domains, 'update <id>', 'change where a domain redirects'))
    .action(action(ctx, async (id: string, flags: RedirectFlags) => {
      const domainId = parseId(id, 'domain id');
      const body = redirectBody(flags);
      if (Object.keys(body).length === 0) throw new UsageError('nothing to update: pass --redirect-root and/or --redirect-404');
      const res = await (await ctx.api()).call('PUT', `/domain/${domainId}/update`, { body });
      await (await ctx.printer()).message(res);
    }));
  examples(update, 'shorty domains update 3 --redirect-root https://example.com');

  const remove = verb(domains, 'delete <id...>', 'delete branded domains')
    .action(action(ctx, (ids: string[]) => deleteMany(ctx, { ids, noun: 'domain', path: (id) => `/domain/${id}/delete` })));
  examples(remove, 'shorty domains delete 3', 'shorty domains rm 3 4 5 -y');
}
