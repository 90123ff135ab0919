import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { parseHttpUrlAsTyped } from '../../input/validate.js';
import type { ModernApi } from '../../api/modern.js';
import { action, examples } from '../shared/action.js';
import { withoutError } from './show.js';
import { LINK_DETAIL_VIEW } from './view.js';
import { answers } from '../shared/surface.js';

export function register(group: Command, ctx: Context): void {
  const cmd = group
    .command('lookup <shorturl>')
    .description('find a link by its short URL and show it like `urls get`')
    .action(action(ctx, (shorturl: string) => run(ctx, shorturl)));
  answers(cmd, LINK_DETAIL_VIEW);
  examples(cmd, 'shorty urls lookup https://sho.rt/spring', 'shorty urls lookup https://sho.rt/spring --fields id -o tsv');
}

type Answer = Record<string, unknown> & { details?: unknown; data?: { urls?: { id?: unknown; shorturl?: unknown }[] } };

/**
 * A server that knows `short` answers with the link detail. One that ignores it sends a page of
 * the list instead: take the match from that page, if any, and read its detail.
 */
async function findLink(api: ModernApi, short: string): Promise<Record<string, unknown>> {
  const answer = await api.call<Answer>('GET', '/urls', { query: { short } });
  if (answer.details !== undefined) return answer;
  const match = answer.data?.urls?.find((item) => item.shorturl === short);
  if (match && (typeof match.id === 'number' || typeof match.id === 'string')) {
    return api.call('GET', `/url/${match.id}`);
  }
  throw new ApiError(`no link has the short URL ${short}`);
}

export async function run(ctx: Context, shortText: string): Promise<void> {
  const short = parseHttpUrlAsTyped(shortText, 'short URL');
  const detail = withoutError(await findLink(await ctx.api(), short));
  await (await ctx.printer()).object(detail, LINK_DETAIL_VIEW);
}
