import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { EXPIRY_ZONE_RULE } from '../../input/expiry.js';
import { parseFieldList, unknownFields } from '../../output/fields.js';
import type { Row, View } from '../../output/printer.js';
import { action, examples, notes } from '../shared/action.js';
import { eachItem } from '../shared/each.js';
import { verb } from '../shared/group.js';
import { addShareOptions, prepareShare, type ShareFlags } from '../shared/share.js';
import type { LinkBody, LinkFlags } from '../../input/link-body.js';
import { addLink, addLinks, checkOneAlias, prepareLinks } from '../../ops/links.js';
import { addLinkBodyOptions, NAMED_OPTIONS_HELP } from './link-options.js';
import { printWithQr } from './show.js';
import { LINK_CREATED_VIEW } from './view.js';
import { answers } from '../shared/surface.js';
import { QR_OPTION_HELP } from '../qr/terminal.js';

type AddFlags = Omit<LinkFlags, 'url'> & ShareFlags & { qr?: boolean };

/** What run() takes: the arguments and flags as the parser fills them. @public */
export type AddOptions = AddFlags & { longurls: string[] };

/** The result of each link when several are made: the link's names, and how its request went. */
const EACH_FIELDS = ['id', 'status', 'alias', 'shorturl', 'longurl', 'message'] as const;
const EACH_VIEW: View & { fields: readonly string[] } = {
  columns: [...EACH_FIELDS],
  quiet: 'shorturl',
  fields: EACH_FIELDS,
};

export function register(group: Command, ctx: Context): void {
  const cmd = verb(
    group,
    'add <longurl...>',
    'shorten long URLs (with optional alias, targeting, expiry, meta tags, pixels, deep links)',
  );
  addShareOptions(addLinkBodyOptions(cmd, { creating: true }).option('--qr', QR_OPTION_HELP)).action(
    action(ctx, (longurls: string[], flags: AddFlags) => run({ ...flags, longurls }, ctx)),
  );
  answers(cmd, { ...LINK_CREATED_VIEW, extraFields: ['status', 'message'] });
  notes(
    cmd,
    'Prints the link created: id, alias, shorturl, longurl (as sent), and title, description and ' +
      'expiry when given (the link fields: see `shorty urls --help`).\n' +
      'Several long URLs make one link each, with the same options, one request each, in order: every URL ' +
      'is checked before the first is sent; each link gets its result (✓ created ID SHORTURL for LONGURL, ' +
      `or ✗ LONGURL: why; a record ${EACH_FIELDS.join(', ')} in json, ndjson, csv and tsv, where a failed ` +
      "one's id, alias and shorturl are null; -q prints the short URLs made), then a summary on stderr; " +
      'any failure makes the exit code 1, and the others are still made. An answer lost after its request ' +
      'was sent (a reset, a 5xx, a cut-off body) fails that link, saying it may exist all the same and how to ' +
      'look; a request that cannot be sent (no connection, a wrong key) stops the run. --custom names one link, so it ' +
      'takes one URL; so do --web, --copy and --qr.\n' +
      `${NAMED_OPTIONS_HELP}\n${EXPIRY_ZONE_RULE}`,
  );
  examples(
    cmd,
    'shorty urls add https://example.com/spring-sale -q',
    'shorty urls add https://example.com --expiry "2030-03-31 23:59:59"',
    'shorty urls add https://example.com --expiry +30d',
    'shorty urls add https://example.com/a https://example.com/b -q',
    'shorty urls add https://example.com --geo Canada=https://example.ca',
    'shorty urls add https://example.com --device iPhone=https://example.com/ios',
    'shorty urls add https://example.com --pixel 3 --param utm_source=mail --qr',
    'shorty urls add https://example.com/sale --fields alias,shorturl -o csv',
    'shorty urls add https://example.com/sale --copy   # to the clipboard',
    'shorty urls add https://example.com/sale --web    # open it in the browser',
  );
}

/**
 * --fields chooses among what is printed: the link's fields for one URL, each link's result for
 * several (the command declares both, so the shared check lets either through).
 */
function checkFields(ctx: Context, count: number): void {
  const fields = parseFieldList(ctx.globals.fields);
  if (!fields) return;
  const valid = count > 1 ? EACH_FIELDS : (LINK_CREATED_VIEW.fields ?? []);
  const unknown = fields.filter((field) => !valid.includes(field));
  if (unknown.length > 0) {
    const error = unknownFields(unknown, valid);
    throw new UsageError(error.message, `${error.hint}${count > 1 ? ' (with several long URLs)' : ''}`);
  }
}

/** The options that show one link, refused with several URLs (before any request). */
function checkSeveral(opts: AddFlags, count: number): void {
  const single = [
    ['--web', opts.web, 'it opens one link'],
    ['--copy', opts.copy, 'it copies one link'],
    ['--qr', opts.qr, 'it draws one link'],
  ] as const;
  for (const [flag, given, why] of single) {
    if (given) {
      throw new UsageError(`${flag} takes one long URL, not ${count}: ${why}`, `run \`shorty urls add\` once per URL`);
    }
  }
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run({ longurls: urls, ...opts }: AddOptions, ctx: Context): Promise<void> {
  const { web, copy, qr, ...options } = opts;
  checkOneAlias(urls, options);
  if (urls.length > 1) checkSeveral(opts, urls.length);
  checkFields(ctx, urls.length);
  // Every URL is checked before the first request (a name's lookup included): exit 2 means nothing was created.
  const links = prepareLinks(ctx, urls, options);
  const share = await prepareShare(ctx, opts);
  const { bodies, warnings } = await links.resolve();
  for (const warning of warnings) ctx.io.stderr.write(`warning: ${warning.message}\n`);
  if (bodies.length > 1) return addEach(ctx, bodies);
  const record = await addLink(ctx, bodies[0]);
  await printWithQr(ctx, record, LINK_CREATED_VIEW, qr);
  await share?.(record.shorturl);
}

/** One link per body, each with its result, then a summary (as delete and assign print theirs). */
async function addEach(ctx: Context, bodies: LinkBody[]): Promise<void> {
  await eachItem(ctx, {
    items: bodies,
    noun: 'link',
    work: 'create',
    done: 'created',
    view: EACH_VIEW,
    outcomes: addLinks(ctx, bodies),
    shown: (record): Row => {
      const message = typeof record.message === 'string' ? record.message : null;
      return { id: record.id, alias: record.alias, shorturl: record.shorturl, longurl: record.longurl, message };
    },
    failed: (body) => ({ id: null, alias: null, shorturl: null, longurl: body.url }),
    label: (body) => body.url,
    doneLine: (record) => `created ${record.id} ${record.shorturl} for ${record.longurl}`,
  });
}
