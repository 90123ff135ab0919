import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { LEGACY_LIST_PATH } from '../../api/legacy-path.js';
import type { Row } from '../../output/printer.js';
import { action, examples, type RunF } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { answers } from '../shared/surface.js';
import { XML_HELP } from './fields.js';
import { legacyLinkRecord, LIST_VIEW, writeXml, type FormatFlag } from './output.js';

/** What run() takes: the flags as the parser fills them. @public */
export type ListOptions = FormatFlag;

export function register(legacy: Command, ctx: Context, runF: RunF<ListOptions> = run): void {
  examples(
    answers(
      verb(legacy, 'list', 'list the active short URLs')
        .option('--xml', XML_HELP)
        .action(action(ctx, (flags: FormatFlag) => runF(flags, ctx))),
      ['short_url'],
    ),
    'shorty legacy list',
    'shorty legacy list -q | wc -l',
  );
}

/**
 * @public the verb's seam: parsed options and a context, no parser. The active short URLs,
 * printed as a list (json: an array of `{shorturl}`, the link's name for it in every command).
 */
export async function run(opts: ListOptions, ctx: Context): Promise<void> {
  const legacy = await ctx.legacy();
  if (opts.xml) {
    writeXml(ctx, await legacy.callXml(LEGACY_LIST_PATH));
    return;
  }
  const data = await legacy.call(LEGACY_LIST_PATH);
  const printer = await ctx.printer();
  await printer.list(listItems(data), LIST_VIEW);
}

function listItems(data: Record<string, unknown>): Row[] {
  const urls = data.urls ?? [];
  if (!Array.isArray(urls)) throw new ApiError('unexpected response from the server: `urls` is not a list');
  // Some servers list bare strings instead of {short_url} objects.
  return urls.map((item) => (typeof item === 'string' ? { shorturl: item } : (legacyLinkRecord(item as Row) as Row)));
}
