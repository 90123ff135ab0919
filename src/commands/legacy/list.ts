import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { LEGACY_LIST_PATH } from '../../api/legacy-path.js';
import type { Row } from '../../output/printer.js';
import { legacyLinkRecord, LIST_VIEW, writeXml, type FormatFlag } from './output.js';

/** The active short URLs, printed as a list (json: an array of `{shorturl}`, the link's name for it in every command). */
export async function runList(ctx: Context, flags: FormatFlag): Promise<void> {
  const legacy = await ctx.legacy();
  if (flags.xml) {
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
