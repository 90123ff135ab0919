import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { type LinkFlags, linkBodyFromFlags } from '../../input/link-body.js';
import { EXPIRY_ZONE_RULE } from '../../input/expiry.js';
import { LINK_REF_HELP, parseLinkRef } from '../../input/link-ref.js';
import { LINK_STATS_FIELDS, linkRecord, mergedRecord, sentTargets } from '../../input/link-record.js';
import { credentialsWarning } from '../../input/validate.js';
import { updateTargets } from '../../input/target-merge.js';
import type { Row } from '../../output/fields.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { addLinkBodyOptions, NAMED_OPTIONS_HELP, namedLinkOptions } from './link-options.js';
import { resolveLink } from './reference.js';
import { withoutError } from './show.js';
import { LINK_UPDATED_VIEW } from './view.js';
import { answers } from '../shared/surface.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function register(group: Command, ctx: Context): void {
  const cmd = verb(
    group,
    'update <link>',
    'change a link; without --url the current long URL is kept (read first with GET /url/:id)',
  )
    .option('--url <url>', 'new long URL')
    .option('--geo-add <LOCATION=URL>', "geo target added to the link's (--geo replaces them all), repeatable", collect)
    .option(
      '--device-add <DEVICE=URL>',
      "device target added to the link's (--device replaces them all), repeatable",
      collect,
    );
  addLinkBodyOptions(cmd, { creating: false }).action(
    action(ctx, (link: string, flags: LinkFlags) => run({ ...flags, link }, ctx)),
  );
  answers(cmd, LINK_UPDATED_VIEW);
  notes(
    cmd,
    `<link>: ${LINK_REF_HELP}; that lookup also reads the current long URL.\n` +
      'Prints the link as changed: id, alias, shorturl, longurl, and what the update set (title, ' +
      'description, expiry); without --url, the rest of the link as read first. -q prints the id.\n' +
      'Targets: the service keeps only the targets an update sends, so --geo and --device replace the ' +
      "link's (a warning names the ones dropped); --geo-add and --device-add keep them and add (a " +
      'location or device given again gets the new URL).\n' +
      `${NAMED_OPTIONS_HELP}\n${EXPIRY_ZONE_RULE}`,
  );
  examples(
    cmd,
    'shorty urls update 42 --url https://example.com/new-page',
    'shorty urls update spring --expiry 2031-01-01 --meta-title Sale',
    'shorty urls update 42 --expiry 2031-01-01T09:00:00+01:00',
    'shorty urls update https://sho.rt/spring --type frame -q',
    'shorty urls update 42 --custom autumn --fields alias,shorturl',
    'shorty urls update spring --geo-add Germany=https://example.de',
  );
}

/**
 * The link as it is before the update: the lookup's detail, else one GET (the API needs `url` on
 * every update). Its long URL is required only when the update does not give one.
 */
async function currentLink(
  ctx: Context,
  id: number,
  detail: Row | undefined,
  needsUrl: boolean,
  baseUrl?: string,
): Promise<Row> {
  const current = linkRecord(withoutError(detail ?? (await (await ctx.api()).call<Row>('GET', `/url/${id}`))), {
    baseUrl,
  });
  if (needsUrl && (typeof current.longurl !== 'string' || current.longurl === '')) {
    throw new ApiError(`could not read the current long URL of link ${id}`, { hint: 'pass it with --url' });
  }
  // An update prints the link, not how it performs.
  for (const field of LINK_STATS_FIELDS) delete current[field];
  return current;
}

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface UpdateOptions extends LinkFlags {
  /** By id, alias or short URL. */
  link: string;
  /** --geo-add, --device-add: targets laid over the link's instead of replacing them. */
  geoAdd?: string[];
  deviceAdd?: string[];
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run({ link: refText, geoAdd, deviceAdd, ...opts }: UpdateOptions, ctx: Context): Promise<void> {
  const ref = parseLinkRef(refText);
  const now = ctx.now();
  const named = namedLinkOptions(ctx, opts);
  const check = linkBodyFromFlags(named.ids, { requireUrl: false, creating: false, now });
  const added = linkBodyFromFlags({ geo: geoAdd, device: deviceAdd }, { requireUrl: false, creating: false });
  const given =
    Object.keys(check).length > 0 || Object.keys(added).length > 0 || opts.pixel?.length || opts.channel !== undefined;
  if (!given) {
    throw new UsageError(
      'nothing to update',
      'give --url or at least one link option (see `shorty urls update --help`)',
    );
  }
  const fields = linkBodyFromFlags(await named.resolve(), { requireUrl: false, creating: false, now });
  ctx.secrets.add(fields.password);
  const warning = fields.url === undefined ? undefined : credentialsWarning(fields.url);
  if (warning) ctx.io.stderr.write(`warning: ${warning}\n`);
  const { id, detail } = await resolveLink(ctx, ref);
  const { baseUrl } = await ctx.settings();
  const targets = ['geotarget', 'devicetarget'].some((t) => t in fields || t in added);
  const before =
    fields.url === undefined || detail || targets
      ? await currentLink(ctx, id, detail, fields.url === undefined, baseUrl)
      : {};
  const merged = updateTargets(fields, added, before);
  Object.assign(fields, merged.send);
  for (const line of merged.warnings) ctx.io.stderr.write(`warning: ${line}\n`);
  const url = fields.url ?? (before.longurl as string);
  const answer = withoutError(await (await ctx.api()).call('PUT', `/url/${id}/update`, { body: { url, ...fields } }));
  // The spec's key is `short`, some servers answer `shorturl`: the record reads either.
  const changed = linkRecord({ id, ...answer }, { baseUrl, sent: { ...fields, url } });
  await (await ctx.printer()).object(mergedRecord(before, changed, sentTargets(fields)), LINK_UPDATED_VIEW);
}
