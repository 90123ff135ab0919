import type { Command } from 'commander';
import { PIXEL_TYPES } from '../../api/types.js';
import { completeOption } from '../../completion/values.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseChoice } from '../../input/validate.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { nameArgument } from '../shared/name.js';
import { asRecord, fieldsHelp } from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { nonEmpty } from '../../ops/resource-rules.js';
import { PIXEL, type PixelFlags } from './resource.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface AddOptions extends PixelFlags {
  /** The `[name]` argument (or --name). */
  nameArgument?: string;
  type: string;
  tag: string;
}

export function register(pixels: Command, ctx: Context): void {
  const add = verb(pixels, 'add [name]', 'add a tracking pixel')
    .requiredOption('--type <type>', `provider: ${PIXEL_TYPES.join(', ')}`)
    .requiredOption('--tag <tag>', "the provider's tag or id, e.g. GTM-ABC123")
    .option('--name <name>', 'the name (instead of the argument)')
    .action(
      action(ctx, (nameArg: string | undefined, flags: PixelFlags & { type: string; tag: string }) =>
        run({ ...flags, nameArgument: nameArg }, ctx),
      ),
    );
  answers(add, PIXEL.view);
  fieldsHelp(add, PIXEL);
  completeOption(add, '--type', PIXEL_TYPES);
  examples(
    add,
    'shorty pixels add "Main site" --type gtmpixel --tag GTM-ABC123',
    'shorty pixels add Ads --type tiktok --tag C4ABCDEF -q',
  );
}

/**
 * The service answers only the id: the record printed is the id and what was sent.
 * @public the verb's seam: parsed options and a context, no parser.
 */
export async function run(opts: AddOptions, ctx: Context): Promise<void> {
  const name = nameArgument(opts.nameArgument, opts.name, 'pixel');
  if (name === undefined)
    throw new UsageError('missing the pixel name', 'shorty pixels add <name> --type <type> --tag <tag>');
  const body = {
    type: parseChoice(opts.type, PIXEL_TYPES, 'pixel type'),
    name: nonEmpty(name, 'the pixel name'),
    tag: nonEmpty(opts.tag, '--tag'),
  };
  const res = await (await ctx.api()).call('POST', '/pixel/add', { body });
  await (await ctx.printer()).object(asRecord(PIXEL, { id: res.id, ...body }), PIXEL.view);
}
