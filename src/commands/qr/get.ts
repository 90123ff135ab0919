import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { getPath, keysInOrder, withoutError, type Row } from '../../output/fields.js';
import { statsRecord } from '../../input/link-record.js';
import { renderQrView, type ViewStyle } from '../../output/stats-view.js';
import { action, examples, notes } from '../shared/action.js';
import { showDetail } from '../shared/detail-view.js';
import { verb } from '../shared/group.js';
import { addWatchOption, parseWatchSeconds } from '../shared/watch.js';
import { renderQr } from './terminal.js';
import { QR_DETAIL_FIELDS, QR_DETAIL_VIEW, QR_LIST_VIEW } from './view.js';
import { checkNamedArgs, QR_NAMES, qrId } from '../../ops/names.js';
import { namedHelp } from '../shared/named-help.js';
import { answers } from '../shared/surface.js';

/** What run() takes: the argument and flags as the parser fills them. @public */
export interface GetOptions {
  /** The `<id|name>` argument. */
  qr: string;
  watch?: string | true;
}

export function register(group: Command, ctx: Context): void {
  const get = verb(
    group,
    'get <id|name>',
    'show a QR code and its scans by country, referrer, browser and system (drawn on a terminal)',
  );
  addWatchOption(get).action(
    action(ctx, (idText: string, opts: Omit<GetOptions, 'qr'>) => run({ ...opts, qr: idText }, ctx)),
  );
  answers(get, QR_DETAIL_VIEW);
  notes(get, `<id|name>: ${namedHelp(QR_NAMES)}.`);
  examples(
    get,
    'shorty qr get 7',
    'shorty qr get Menu',
    'shorty qr get 7 --watch 10',
    'shorty qr get 7 --watch 60 --fields id,scans,clicks >> scans.ndjson',
    'shorty qr get 7 --json',
  );
}

/** The code drawn in half blocks; not in a non-UTF-8 locale, where they would print as garbage. */
async function drawing(link: unknown, style: ViewStyle): Promise<string | undefined> {
  if (typeof link !== 'string' || link === '' || !style.unicode) return undefined;
  return renderQr(link);
}

/**
 * v6 puts the date under `details.data` (sic) and orders the keys its own way: `details` is shown
 * with the spec's keys in the spec's order, then whatever else the server sent.
 */
function withDate(detail: Row): Row {
  const details = detail.details as Row | undefined;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return detail;
  const { data, ...rest } = details;
  return { ...detail, details: keysInOrder({ ...rest, date: rest.date ?? data }, QR_LIST_VIEW.fields ?? []) };
}

/** The answer `{details, data}` as one record: the code's own fields, then its scans. */
function qrRecord(detail: Row): Row {
  const details = detail.details as Row | undefined;
  const own = details && typeof details === 'object' && !Array.isArray(details) ? details : {};
  return keysInOrder({ ...own, ...statsRecord(detail.data) }, QR_DETAIL_FIELDS);
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run({ qr: idText, ...opts }: GetOptions, ctx: Context): Promise<void> {
  checkNamedArgs(QR_NAMES, [idText]);
  const watchSeconds = parseWatchSeconds(opts.watch);
  const id = await qrId(ctx, idText);
  await showDetail(
    ctx,
    {
      fetch: async () => withDate(withoutError(await (await ctx.api()).call('GET', `/qr/${id}`))),
      render: async (detail, style) =>
        renderQrView(detail, style, await drawing(getPath(detail, 'details.link'), style)),
      print: async (detail) => (await ctx.printer()).object(qrRecord(detail), QR_DETAIL_VIEW),
      record: qrRecord,
      view: QR_DETAIL_VIEW,
    },
    watchSeconds,
  );
}
