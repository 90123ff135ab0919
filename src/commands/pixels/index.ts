import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { PIXEL_TYPES } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { parseChoice } from '../../input/validate.js';
import type { View } from '../../output/printer.js';
import { action, examples, notes } from '../shared/action.js';
import { completeOption } from '../../completion/values.js';
import { verb } from '../shared/group.js';
import { nameArgument } from '../shared/name.js';
import {
  asRecord,
  fieldsHelp,
  findInList,
  registerDelete,
  registerGet,
  registerList,
  type Resource,
} from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { checkNamedArgs, namedHelp, PIXEL_NAMES, listedOf, resolveNamed } from '../shared/resolve-name.js';

const FIELDS = ['id', 'type', 'name', 'tag', 'date'];

const PIXEL: Resource = {
  ...listedOf(PIXEL_NAMES),
  view: { columns: FIELDS, fields: FIELDS },
  named: PIXEL_NAMES,
};
const TYPE_VIEW: View = { columns: ['type'], quiet: 'type', fields: ['type'] };

interface PixelFlags {
  type?: string;
  name?: string;
  tag?: string;
}

function nonEmpty(value: string, what: string): string {
  if (value.trim() === '') throw new UsageError(`${what} cannot be empty`);
  return value;
}

export function register(pixels: Command, ctx: Context): void {
  fieldsHelp(pixels, PIXEL);
  examples(
    pixels,
    'shorty pixels types',
    'shorty pixels add "Main site" --type gtmpixel --tag GTM-ABC123',
    'shorty pixels update 9 --tag GTM-XYZ789',
  );

  registerList(pixels, ctx, PIXEL, 'list your tracking pixels', 'shorty pixels list', 'shorty pixels ls --all --json');
  registerGet(pixels, ctx, PIXEL, 'shorty pixels get 9', 'shorty pixels show "FB main" --fields type,tag');

  const types = pixels
    .command('types')
    .description('list the pixel types the service accepts (no request)')
    .action(
      action(ctx, async () => {
        await (await ctx.printer()).list(
          PIXEL_TYPES.map((type) => ({ type })),
          TYPE_VIEW,
        );
      }),
    );
  answers(types, TYPE_VIEW);
  examples(types, 'shorty pixels types', 'shorty pixels types -q');

  // The service answers only the id: the record printed is the id and what was sent.
  const add = verb(pixels, 'add [name]', 'add a tracking pixel')
    .requiredOption('--type <type>', `provider: ${PIXEL_TYPES.join(', ')}`)
    .requiredOption('--tag <tag>', "the provider's tag or id, e.g. GTM-ABC123")
    .option('--name <name>', 'the name (instead of the argument)')
    .action(
      action(ctx, async (nameArg: string | undefined, flags: PixelFlags & { type: string; tag: string }) => {
        const name = nameArgument(nameArg, flags.name, 'pixel');
        if (name === undefined)
          throw new UsageError('missing the pixel name', 'shorty pixels add <name> --type <type> --tag <tag>');
        const body = {
          type: parseChoice(flags.type, PIXEL_TYPES, 'pixel type'),
          name: nonEmpty(name, 'the pixel name'),
          tag: nonEmpty(flags.tag, '--tag'),
        };
        const res = await (await ctx.api()).call('POST', '/pixel/add', { body });
        await (await ctx.printer()).object(asRecord(PIXEL, { id: res.id, ...body }), PIXEL.view);
      }),
    );
  answers(add, PIXEL.view);
  fieldsHelp(add, PIXEL);
  completeOption(add, '--type', PIXEL_TYPES);
  examples(
    add,
    'shorty pixels add "Main site" --type gtmpixel --tag GTM-ABC123',
    'shorty pixels add Ads --type tiktok --tag C4ABCDEF -q',
  );

  // The service needs the tag on every update and answers only a message: the pixel is read
  // first (its tag when --tag is not given, its type and date for the record printed), unless
  // -q with --tag, which prints the id alone.
  const update = verb(pixels, 'update <id|name>', "change a pixel's tag or name (one flag is enough)")
    .option('--tag <tag>', "the provider's tag or id")
    .option('--name <name>', 'new name')
    .action(
      action(ctx, async (arg: string, flags: PixelFlags) => {
        checkNamedArgs(PIXEL_NAMES, [arg]);
        if (flags.tag === undefined && flags.name === undefined)
          throw new UsageError('nothing to update: pass --tag and/or --name');
        const changes = {
          ...(flags.tag === undefined ? {} : { tag: nonEmpty(flags.tag, '--tag') }),
          ...(flags.name === undefined ? {} : { name: nonEmpty(flags.name, '--name') }),
        };
        const printer = await ctx.printer();
        // A name is found in the list, which holds the pixel as it is: no second read.
        const [{ id: pixelId, item }] = await resolveNamed(ctx, PIXEL_NAMES, [arg]);
        const current =
          item !== undefined
            ? asRecord(PIXEL, item)
            : flags.tag === undefined || !printer.quiet
              ? await findInList(ctx, PIXEL, pixelId)
              : undefined;
        const body = { tag: current?.tag, ...changes };
        await (await ctx.api()).call('PUT', `/pixel/${pixelId}/update`, { body });
        await printer.object(asRecord(PIXEL, { ...current, id: pixelId, ...body }), PIXEL.view);
      }),
    );
  answers(update, PIXEL.view);
  fieldsHelp(update, PIXEL);
  notes(update, `<id|name>: ${namedHelp(PIXEL_NAMES)}.`);
  examples(update, 'shorty pixels update 9 --tag GTM-XYZ789', 'shorty pixels edit "FB main" --name "Main site (new)"');

  registerDelete(pixels, ctx, PIXEL, (id) => `/pixel/${id}/delete`, 'delete tracking pixels');
}
