import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { type LinkFlags, linkBodyFromFlags } from '../../input/link-body.js';
import { credentialsWarning, parseId } from '../../input/validate.js';
import type { ModernApi } from '../../api/modern.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { addLinkBodyOptions } from './link-options.js';
import { withoutError } from './show.js';
import { LINK_UPDATED_VIEW } from './view.js';
import { answers } from '../shared/surface.js';

export function register(group: Command, ctx: Context): void {
  const cmd = verb(group, 'update <id>', 'change a link; without --url the current long URL is kept (read first with GET /url/:id)')
    .option('--url <url>', 'new long URL');
  addLinkBodyOptions(cmd, { creating: false }).action(action(ctx, (id: string, opts: LinkFlags) => run(ctx, id, opts)));
  answers(cmd, LINK_UPDATED_VIEW);
  examples(
    cmd,
    'shorty urls update 42 --url https://example.com/new-page',
    'shorty urls update 42 --expiry "2031-01-01 00:00:00" --meta-title "Spring sale"',
    'shorty urls update 42 --type frame -q',
  );
}

/** The API requires `url` on update; when the user did not change it, send the current one. */
async function currentLongUrl(api: ModernApi, id: number): Promise<string> {
  const detail = await api.call<{ details?: { longurl?: unknown } }>('GET', `/url/${id}`);
  const longurl = detail.details?.longurl;
  if (typeof longurl !== 'string' || longurl === '') {
    throw new ApiError(`could not read the current long URL of link ${id}`, { hint: 'pass it with --url' });
  }
  return longurl;
}

export async function run(ctx: Context, idText: string, opts: LinkFlags): Promise<void> {
  const id = parseId(idText, 'link id');
  const fields = linkBodyFromFlags(opts, { requireUrl: false, creating: false });
  if (Object.keys(fields).length === 0) {
    throw new UsageError('nothing to update', 'give --url or at least one link option (see `shorty urls update --help`)');
  }
  ctx.secrets.add(fields.password);
  const warning = fields.url === undefined ? undefined : credentialsWarning(fields.url);
  if (warning) ctx.io.stderr.write(`warning: ${warning}\n`);
  const api = await ctx.api();
  const url = fields.url ?? (await currentLongUrl(api, id));
  const answer = withoutError(await api.call('PUT', `/url/${id}/update`, { body: { url, ...fields } }));
  // The spec's key is `short`; some servers answer `shorturl`: print one shape either way.
  const { shorturl, ...rest } = answer;
  await (await ctx.printer()).object({ ...rest, id: answer.id ?? id, short: answer.short ?? shorturl }, LINK_UPDATED_VIEW);
}
