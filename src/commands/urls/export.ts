import type { Command } from 'commander';
import { BULK_PAGE_SIZE } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { parsePositiveInt } from '../../input/validate.js';
import { action, examples } from '../shared/action.js';
import { answers } from '../shared/surface.js';
import { LINK_COLUMNS } from '../../input/link-columns.js';

/** `shorty urls export`: every link, streamed, as `urls import` reads it back. */
export function registerExport(group: Command, ctx: Context): void {
  const cmd = group
    .command('export')
    .description('write every link (all pages) as csv, or -o ndjson|json|tsv; the csv re-imports as is')
    .option('--page-size <n>', 'links per request (each request costs one slot of the rate limit)', String(BULK_PAGE_SIZE))
    .addHelpText('after', `
Columns: id, alias, shorturl, longurl, title, description, clicks, uniqueclicks, domain,
expiry, date, then any link field the server's list answer also carries (type, password,
geotarget, devicetarget, languagetarget, metaimage, pixels, channel, deeplink, parameters),
in the syntax \`urls import\` reads. Import reads alias, longurl, title, description, domain,
expiry and those fields back, and ignores id, shorturl, clicks, uniqueclicks and date.
domain is the branded domain a link is on: its short URL without the alias, left empty when
that is the base URL shorty talks to. Empty when the server does not say: uniqueclicks and
expiry (not in every list answer). Ids (pixels, channel) belong to the account: to copy links
to another account, leave them out with --fields.`)
    .action(action(ctx, async (flags: { pageSize: string }) => {
      const pageSize = parsePositiveInt(flags.pageSize, '--page-size');
      const { runExport } = await import('../../bulk/export.js');
      return runExport(ctx, { pageSize });
    }));
  // The export's columns (bulk/export.ts): the list's, then the link fields a server may add.
  answers(cmd, ['id', 'alias', 'shorturl', 'longurl', 'title', 'description', 'clicks', 'uniqueclicks', 'domain', 'expiry', 'date', ...LINK_COLUMNS]);
  examples(cmd,
    'shorty urls export > links.csv',
    'shorty urls export -o ndjson --page-size 1000 | jq .longurl',
    'shorty urls export | shorty urls import - --base-url https://other.example --if-exists skip');
}
