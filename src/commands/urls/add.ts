import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { type LinkFlags, linkBodyFromFlags } from '../../input/link-body.js';
import { profileDomain } from '../../input/domain.js';
import { credentialsWarning } from '../../input/validate.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { addShareOptions, prepareShare, type ShareFlags } from '../shared/share.js';
import { addLinkBodyOptions } from './link-options.js';
import { printWithQr, recordOf, withoutError } from './show.js';
import { LINK_CREATED_VIEW } from './view.js';
import { answers } from '../shared/surface.js';
import { QR_OPTION_HELP } from '../qr/terminal.js';

type AddOptions = Omit<LinkFlags, 'url'> & ShareFlags & { qr?: boolean };

export function register(group: Command, ctx: Context): void {
  const cmd = verb(
    group,
    'add <longurl>',
    'shorten a long URL (with optional alias, targeting, expiry, meta tags, pixels, deep links)',
  );
  addShareOptions(addLinkBodyOptions(cmd, { creating: true }).option('--qr', QR_OPTION_HELP)).action(
    action(ctx, (longurl: string, opts: AddOptions) => run(ctx, longurl, opts)),
  );
  answers(cmd, LINK_CREATED_VIEW);
  notes(
    cmd,
    'Prints the link created: id, alias, shorturl, longurl (as sent), and title, description and ' +
      'expiry when given (the link fields: see `shorty urls --help`).',
  );
  examples(
    cmd,
    'shorty urls add https://example.com/spring-sale -q',
    'shorty urls add https://example.com --expiry "2030-03-31 23:59:59"',
    'shorty urls add https://example.com --geo Canada=https://example.ca',
    'shorty urls add https://example.com --device iPhone=https://example.com/ios',
    'shorty urls add https://example.com --pixel 3 --param utm_source=mail --qr',
    'shorty urls add https://example.com/sale --fields alias,shorturl -o csv',
    'shorty urls add https://example.com/sale --copy   # to the clipboard',
    'shorty urls add https://example.com/sale --web    # open it in the browser',
  );
}

export async function run(ctx: Context, longurl: string, opts: AddOptions): Promise<void> {
  const body = linkBodyFromFlags({ ...opts, url: longurl }, { requireUrl: true, creating: true });
  const share = await prepareShare(ctx, opts);
  // A password given here is hidden in everything printed, whatever the server echoes.
  ctx.secrets.add(body.password);
  const warning = credentialsWarning(body.url);
  if (warning) ctx.io.stderr.write(`warning: ${warning}\n`);
  const fallback = body.domain === undefined ? profileDomain((await ctx.settings()).domain) : undefined;
  if (fallback) body.domain = fallback.url;
  const created = withoutError(await (await ctx.api()).call('POST', '/url/add', { body }));
  const record = await recordOf(ctx, created, body);
  await printWithQr(ctx, record, LINK_CREATED_VIEW, opts.qr);
  await share?.(record.shorturl);
}
