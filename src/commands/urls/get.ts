import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { parseId } from '../../input/validate.js';
import type { Row } from '../../output/fields.js';
import { renderLinkView } from '../../output/stats-view.js';
import { renderQr } from '../qr/terminal.js';
import { action, examples } from '../shared/action.js';
import { showDetail } from '../shared/detail-view.js';
import { verb } from '../shared/group.js';
import { addShareOptions, prepareShare, type ShareFlags } from '../shared/share.js';
import { addWatchOption, parseWatchSeconds } from '../shared/watch.js';
import { detailShortUrl, printWithQr, withoutError } from './show.js';
import { LINK_DETAIL_VIEW } from './view.js';
import { answers } from '../shared/surface.js';

interface GetOptions extends ShareFlags {
  qr?: boolean;
  watch?: string | true;
}

export function register(group: Command, ctx: Context): void {
  const cmd = verb(group, 'get <id>', 'show a link and how it performs: addresses, targets, expiry, clicks by country, referrer, browser and system')
    .option('--qr', 'also draw the short URL as a QR code (with -q: only the QR code)');
  addShareOptions(addWatchOption(cmd))
    .action(action(ctx, (id: string, opts: GetOptions) => run(ctx, id, opts)));
  answers(cmd, LINK_DETAIL_VIEW);
  examples(
    cmd,
    'shorty urls get 42',
    'shorty urls get 42 --watch          # redrawn every 5s until Ctrl-C',
    'shorty urls get 42 --watch 30 > clicks.ndjson',
    'shorty urls get 42 --web',
    'shorty urls get 42 --copy',
    'shorty urls get 42 -q',
    'shorty urls get 42 --qr',
    'shorty urls get 42 --fields details.longurl,data.clicks',
  );
}

export async function run(ctx: Context, idText: string, opts: GetOptions): Promise<void> {
  const id = parseId(idText, 'link id');
  const watchSeconds = parseWatchSeconds(opts.watch);
  const share = await prepareShare(ctx, opts);
  const drawQr = opts.qr && watchSeconds === undefined;
  await showDetail(ctx, {
    fetch: async () => withoutError(await (await ctx.api()).call('GET', `/url/${id}`)),
    render: async (detail, style) => {
      const shortUrl = detailShortUrl(detail);
      const drawing = drawQr && typeof shortUrl === 'string' && shortUrl !== '' ? `\n${await renderQr(shortUrl)}` : '';
      return renderLinkView(detail, style) + drawing;
    },
    print: (detail: Row) => printWithQr(ctx, detail, LINK_DETAIL_VIEW, { draw: drawQr, text: detailShortUrl(detail) }),
  }, watchSeconds, share && ((detail) => share(detailShortUrl(detail))));
}
