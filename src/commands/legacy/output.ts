// How legacy responses are shown. `--xml` bypasses the printer: the body goes out as received.
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { forTerminalLines } from '../../util/terminal-text.js';

export const CREATED_VIEW: View = {
  columns: ['shorturl', 'id', 'alias', 'longurl', 'date_time'],
  quiet: 'shorturl',
};

export const STATUS_VIEW: View = { columns: ['shorturl', 'status', 'id', 'date_time'], quiet: 'id' };

export const INFO_VIEW: View = {
  columns: [
    'shorturl',
    'status',
    'id',
    'alias',
    'longurl',
    'clicks',
    'has_password',
    'expiry',
    'date',
    'last_accessed',
    'date_time',
  ],
  quiet: 'id',
};

/** The legacy names of a link's fields, and the names every other command gives them (src/input/link-record.ts). */
const LEGACY_LINK_FIELDS: Record<string, string> = {
  url_id: 'id',
  short_url: 'shorturl',
  short_url_part: 'alias',
  original_url: 'longurl',
  total_visits: 'clicks',
  expiry_date: 'expiry',
  date_created: 'date',
};

/** A legacy answer's link under the link vocabulary; fields with no counterpart keep their names. */
export function legacyLinkRecord(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [LEGACY_LINK_FIELDS[key] ?? key, value]));
}

export const LIST_VIEW: View = { columns: ['shorturl'], quiet: 'shorturl' };

export interface FormatFlag {
  xml?: boolean;
}

/** One legacy call that returns an object, printed through the printer or as XML. */
export async function runObjectCall(ctx: Context, operationPath: string, view: View, flags: FormatFlag): Promise<void> {
  const legacy = await ctx.legacy();
  if (flags.xml) {
    writeXml(ctx, await legacy.callXml(operationPath));
    return;
  }
  const data = await legacy.call(operationPath);
  await (await ctx.printer()).object(legacyLinkRecord(data), view);
}

/** As received (key redacted) into a file or a pipe; on a terminal, with its controls made visible. */
export function writeXml(ctx: Context, body: string): void {
  ctx.io.stdout.write(ctx.io.stdoutIsTTY ? forTerminalLines(body) : body);
}
