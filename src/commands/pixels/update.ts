import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { checkNamedArgs, PIXEL_NAMES, resolveNamed } from '../../ops/names.js';
import { namedHelp } from '../shared/named-help.js';
import { asRecord, fieldsHelp, findInList } from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { nonEmpty } from '../../ops/resource-rules.js';
import { PIXEL, type PixelFlags } from './resource.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface UpdateOptions extends PixelFlags {
  /** The pixel, by id or name. */
  pixel: string;
}

export function register(pixels: Command, ctx: Context): void {
  const update = verb(pixels, 'update <id|name>', "change a pixel's tag or name (one flag is enough)")
    .option('--tag <tag>', "the provider's tag or id")
    .option('--name <name>', 'new name')
    .action(action(ctx, (pixel: string, flags: PixelFlags) => run({ ...flags, pixel }, ctx)));
  answers(update, PIXEL.view);
  fieldsHelp(update, PIXEL);
  notes(update, `<id|name>: ${namedHelp(PIXEL_NAMES)}.`);
  examples(update, 'shorty pixels update 9 --tag GTM-XYZ789', 'shorty pixels edit "FB main" --name "Main site (new)"');
}

/**
 * The service needs the tag on every update and answers only a message: the pixel is read first
 * (its tag when --tag is not given, its type and date for the record printed), unless -q with
 * --tag, which prints the id alone.
 * @public the verb's seam: parsed options and a context, no parser.
 */
export async function run(opts: UpdateOptions, ctx: Context): Promise<void> {
  checkNamedArgs(PIXEL_NAMES, [opts.pixel]);
  if (opts.tag === undefined && opts.name === undefined)
    throw new UsageError('nothing to update: pass --tag and/or --name');
  const changes = {
    ...(opts.tag === undefined ? {} : { tag: nonEmpty(opts.tag, '--tag') }),
    ...(opts.name === undefined ? {} : { name: nonEmpty(opts.name, '--name') }),
  };
  const printer = await ctx.printer();
  // A name is found in the list, which holds the pixel as it is: no second read.
  const [{ id: pixelId, item }] = await resolveNamed(ctx, PIXEL_NAMES, [opts.pixel]);
  const current =
    item !== undefined
      ? asRecord(PIXEL, item)
      : opts.tag === undefined || !printer.quiet
        ? await findInList(ctx, PIXEL, pixelId)
        : undefined;
  const body = { tag: current?.tag, ...changes };
  await (await ctx.api()).call('PUT', `/pixel/${pixelId}/update`, { body });
  await printer.object(asRecord(PIXEL, { ...current, id: pixelId, ...body }), PIXEL.view);
}
