import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { LINK_REF_HELP } from '../../input/link-ref.js';
import type { Row } from '../../output/fields.js';
import { renderLinkView } from '../../output/stats-view.js';
import { checkQrWithWatch, nothingDrawn, QR_OPTION_HELP, renderQr } from '../qr/terminal.js';
import { action, examples, notes } from '../shared/action.js';
import { showDetail } from '../shared/detail-view.js';
import { verb } from '../shared/group.js';
import { addShareOptions, prepareShare, type ShareFlags } from '../shared/share.js';
import { addWatchOption, parseWatchSeconds } from '../shared/watch.js';
import { linkReader } from '../../ops/links.js';
import { NO_SHORT_URL, printWithQr } from './show.js';
import { LINK_DETAIL_VIEW } from './view.js';
import { answers } from '../shared/surface.js';

interface GetFlags extends ShareFlags {
  qr?: boolean;
  watch?: string | true;
}

export function register(group: Command, ctx: Context): void {
  const cmd = verb(
    group,
    'get <link>',
    'show a link and how it performs: addresses, targets, expiry, clicks by country, referrer, browser and system',
  ).option('--qr', QR_OPTION_HELP);
  addShareOptions(addWatchOption(cmd)).action(
    action(ctx, (link: string, flags: GetFlags) => run({ ...flags, link }, ctx)),
  );
  answers(cmd, LINK_DETAIL_VIEW);
  notes(
    cmd,
    `<link>: ${LINK_REF_HELP}.\n` +
      "Prints the link's fields (see `shorty urls --help`), then how it performs: countries, " +
      'referrers, browsers, os and social, each an object of name -> clicks.',
  );
  examples(
    cmd,
    'shorty urls get 42',
    'shorty urls get spring             # by alias: one lookup, then the link',
    'shorty urls get https://sho.rt/spring -q',
    'shorty urls get 42 --watch          # redrawn every 5s until Ctrl-C',
    'shorty urls get 42 --watch 30 > clicks.ndjson',
    'shorty urls get 42 --web',
    'shorty urls get 42 --copy',
    'shorty urls get 42 --qr',
    'shorty urls get 42 --fields alias,longurl,clicks,countries -o json',
  );
}

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface GetOptions extends GetFlags {
  /** By id, alias or short URL. */
  link: string;
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run({ link, ...opts }: GetOptions, ctx: Context): Promise<void> {
  const fetch = linkReader(ctx, link);
  const watchSeconds = parseWatchSeconds(opts.watch);
  checkQrWithWatch(opts.qr, watchSeconds);
  const share = await prepareShare(ctx, opts);
  await showDetail(
    ctx,
    {
      fetch,
      render: async (link, style) => {
        const view = renderLinkView(link, style);
        if (!opts.qr) return view;
        if (typeof link.shorturl === 'string' && link.shorturl !== '')
          return `${view}\n${await renderQr(link.shorturl)}`;
        // --qr is never watched, so this is said once.
        await nothingDrawn(ctx, NO_SHORT_URL);
        return view;
      },
      print: (link: Row) => printWithQr(ctx, link, LINK_DETAIL_VIEW, opts.qr),
      record: (link) => link,
      view: LINK_DETAIL_VIEW,
    },
    watchSeconds,
    share && ((link) => share(link.shorturl)),
  );
}
