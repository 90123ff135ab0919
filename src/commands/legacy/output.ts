// How legacy responses are shown. `--xml` bypasses the printer: the body goes out as received.
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { forTerminalLines } from '../../util/terminal-text.js';

export const CREATED_VIEW: View = {
  columns: ['short_url', 'url_id', 'short_url_part', 'original_url', 'date_time'],
  quiet: 'short_url',
};

export const STATUS_VIEW: View = { columns: ['short_url', 'status', 'url_id', 'date_time'], quiet: 'url_id' };

export const INFO_VIEW: View = {
  columns: ['short_url', 'status', 'url_id', 'short_url_part', 'original_url', 'total_visits', 'has_password',
    'expiry_date', 'date_created', 'last_accessed', 'date_time'],
  quiet: 'url_id',
};

export const LIST_VIEW: View = { columns: ['short_url'], quiet: 'short_url' };

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
  await (await ctx.printer()).object(data, view);
}

/** As received (key redacted) into a file or a pipe; on a terminal, with its controls made visible. */
export function writeXml(ctx: Context, body: string): void {
  ctx.io.stdout.write(ctx.io.stdoutIsTTY ? forTerminalLines(body) : body);
}
