import type { Command } from 'commander';
import { BULK_PAGE_SIZE } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { parsePositiveInt } from '../../input/validate.js';
import { action, examples, notes } from '../shared/action.js';
import { answers } from '../shared/surface.js';
import { LINK_FIELDS, LINK_RECORD_FIELDS, LINK_SETTING_FIELDS } from '../../input/link-record.js';

/** What run() takes: the flags as the parser fills them. @public */
export interface ExportOptions {
  pageSize: string;
  details?: boolean;
}

/** `shorty urls export`: every link, streamed, as `urls import` reads it back. */
export function registerExport(group: Command, ctx: Context): void {
  const cmd = group
    .command('export')
    .description('write every link (all pages) as csv, or -o ndjson|json|tsv; the csv re-imports as is')
    .option(
      '--page-size <n>',
      'links per request (each request costs one slot of the rate limit)',
      String(BULK_PAGE_SIZE),
    )
    .option(
      '--details',
      "also read each link's detail (one more request per link, its cost stated first): geo, device and language targets and expiry",
    )
    .action(action(ctx, (flags: ExportOptions) => run(flags, ctx)));
  notes(
    cmd,
    () =>
      `Columns: the link's fields (${LINK_FIELDS.join(', ')}), named as every urls ` +
      "command names them, then any link setting the server's list answer also carries " +
      `(${LINK_SETTING_FIELDS.join(', ')}), in the syntax \`urls import\` reads.\n` +
      'Import reads alias, longurl, title, description, domain, expiry and those fields back, and ' +
      'ignores id, shorturl, clicks, uniqueclicks and date. domain is the branded domain a link is on: ' +
      'its short URL without the alias, left empty when that is the base URL shorty talks to. Empty ' +
      'when the server does not say: uniqueclicks and expiry (not in every list answer).\n' +
      "--details reads each link's detail too (N links: N more requests, stated before the first), for what " +
      'the list answer leaves out: geotarget, devicetarget, languagetarget and expiry, so they survive ' +
      'export -> import into another account.\n' +
      'Ids (pixels, channel) belong to the account: to copy links to another account, leave them out with --fields.',
  );
  // The export's columns (bulk/export.ts): the link's fields, then the settings a server may add.
  answers(cmd, LINK_RECORD_FIELDS);
  examples(
    cmd,
    'shorty urls export > links.csv',
    'shorty urls export -o ndjson --page-size 1000 | jq .longurl',
    'shorty urls export --fields alias,longurl,clicks',
    'shorty urls export | shorty urls import - --profile other',
    'shorty urls export --details -o ndjson > links.ndjson',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: ExportOptions, ctx: Context): Promise<number | void> {
  const pageSize = parsePositiveInt(opts.pageSize, '--page-size');
  const { runExport } = await import('../../bulk/export/run.js');
  return runExport(ctx, { pageSize, details: Boolean(opts.details) });
}
