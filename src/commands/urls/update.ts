import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { EXPIRY_ZONE_RULE } from '../../input/expiry.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import type { LinkFlags } from '../../input/link-body.js';
import { LINK_REF_HELP } from '../../input/link-ref.js';
import { prepareUpdate } from '../../ops/links.js';
import { addLinkBodyOptions, NAMED_OPTIONS_HELP } from './link-options.js';
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

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface UpdateOptions extends LinkFlags {
  /** By id, alias or short URL. */
  link: string;
  /** --geo-add, --device-add: targets laid over the link's instead of replacing them. */
  geoAdd?: string[];
  deviceAdd?: string[];
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run({ link, ...opts }: UpdateOptions, ctx: Context): Promise<void> {
  const update = await prepareUpdate(ctx, link, opts).resolve();
  for (const warning of update.warnings) ctx.io.stderr.write(`warning: ${warning.message}\n`);
  const { record, warnings } = await update.send();
  for (const warning of warnings) ctx.io.stderr.write(`warning: ${warning.message}\n`);
  await (await ctx.printer()).object(record, LINK_UPDATED_VIEW);
}
