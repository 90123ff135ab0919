import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { PIXEL_TYPES } from '../../api/types.js';
import { parseChoice, parseId } from '../../input/validate.js';
import type { View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { completeOption } from '../shared/completion-values.js';
import { deleteMany } from '../shared/delete.js';
import { verb } from '../shared/group.js';
import { addListOptions, printList, type ListFlags } from '../shared/list.js';
import { answers } from '../shared/surface.js';

const VIEW: View = { columns: ['id', 'type', 'name', 'tag', 'date'], fields: ['id', 'type', 'name', 'tag', 'date'] };
const TYPE_VIEW: View = { columns: ['type'], quiet: 'type', fields: ['type'] };

export function register(pixels: Command, ctx: Context): void {
  examples(pixels, 'shorty pixels types', 'shorty pixels add --type gtmpixel --name "Main site" --tag GTM-ABC123');

  const list = addListOptions(verb(pixels, 'list', 'list your tracking pixels'))
    .action(action(ctx, (flags: ListFlags) => printList(ctx, { path: '/pixels', keys: ['pixels'], view: VIEW, flags })));
  answers(list, VIEW);
  examples(list, 'shorty pixels list', 'shorty pixels ls --all --json');

  const types = pixels.command('types').description('list the pixel types the service accepts (no request)')
    .action(action(ctx, async () => {
      await (await ctx.printer()).list(PIXEL_TYPES.map((type) => ({ type })), TYPE_VIEW);
    }));
  answers(types, TYPE_VIEW);
  examples(types, 'shorty pixels types', 'shorty pixels types -q');

  const add = verb(pixels, 'add', 'add a tracking pixel')
    .requiredOption('--type <type>', `provider: ${PIXEL_TYPES.join(', ')}`)
    .requiredOption('--name <name>', 'a name to recognise it by')
    .requiredOption('--tag <tag>', "the provider's tag or id, e.g. GTM-ABC123")
    .action(action(ctx, async (flags: { type: string; name: string; tag: string }) => {
      const body = { type: parseChoice(flags.type, PIXEL_TYPES, 'pixel type'), name: flags.name, tag: flags.tag };
      const res = await (await ctx.api()).call('POST', '/pixel/add', { body });
      await (await ctx.printer()).object(res, VIEW);
    }));
  answers(add, VIEW);
  completeOption(add, '--type', PIXEL_TYPES);
  examples(add, 'shorty pixels add --type gtmpixel --name "Main site" --tag GTM-ABC123', 'shorty pixels add --type tiktok --name Ads --tag C4ABCDEF -q');

  const update = verb(pixels, 'update <id>', "change a pixel's tag (and name)")
    .requiredOption('--tag <tag>', "the provider's tag or id")
    .option('--name <name>', 'new name')
    .action(action(ctx, async (id: string, flags: { tag: string; name?: string }) => {
      const pixelId = parseId(id, 'pixel id');
      const body = { tag: flags.tag, ...(flags.name === undefined ? {} : { name: flags.name }) };
      const res = await (await ctx.api()).call('PUT', `/pixel/${pixelId}/update`, { body });
      await (await ctx.printer()).message(res);
    }));
  examples(update, 'shorty pixels update 9 --tag GTM-XYZ789', 'shorty pixels edit 9 --tag GTM-XYZ789 --name "Main site (new)"');

  const remove = verb(pixels, 'delete <id...>', 'delete tracking pixels')
    .action(action(ctx, (ids: string[]) => deleteMany(ctx, { ids, noun: 'pixel', path: (id) => `/pixel/${id}/delete` })));
  examples(remove, 'shorty pixels delete 9', 'shorty pixels rm 9 10 -y');
}
