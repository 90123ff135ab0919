import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { parseId } from '../../input/validate.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { detailShortUrl, printWithQr, withoutError } from './show.js';
import { LINK_DETAIL_VIEW } from './view.js';

interface GetOptions {
  qr?: boolean;
}

export function register(group: Command, ctx: Context): void {
  const cmd = verb(group, 'get <id>', 'show a link: its addresses, targets, expiry and click summary')
    .option('--qr', 'also draw the short URL as a QR code (with -q: only the QR code)')
    .action(action(ctx, (id: string, opts: GetOptions) => run(ctx, id, opts)));
  examples(cmd, 'shorty urls get 42', 'shorty urls get 42 -q', 'shorty urls get 42 --qr', 'shorty urls get 42 --fields details.longurl,data.clicks');
}

export async function run(ctx: Context, idText: string, opts: GetOptions): Promise<void> {
  const id = parseId(idText, 'link id');
  const detail = withoutError(await (await ctx.api()).call('GET', `/url/${id}`));
  await printWithQr(ctx, detail, LINK_DETAIL_VIEW, { draw: opts.qr, text: detailShortUrl(detail) });
}
