import type { Context } from '../../context.js';
import { legacyShortUrlPath, type LegacyStatusOperation } from '../../api/legacy-path.js';
import { INFO_VIEW, STATUS_VIEW, runObjectCall, type FormatFlag } from './output.js';
import { parseShortUrl } from './validate.js';

/** disable, enable (activate) and info: one short URL in, one object out. */
export async function runShortUrlOperation(
  ctx: Context,
  operation: LegacyStatusOperation,
  shortUrlArg: string,
  flags: FormatFlag,
): Promise<void> {
  const shortUrl = parseShortUrl(shortUrlArg);
  const view = operation === 'info' ? INFO_VIEW : STATUS_VIEW;
  await runObjectCall(ctx, legacyShortUrlPath(operation, shortUrl), view, flags);
}
