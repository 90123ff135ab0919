import type { Command } from 'commander';
import { PIXEL_TYPES } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { answers } from '../shared/surface.js';

const TYPE_VIEW: View = { columns: ['type'], quiet: 'type', fields: ['type'] };

export function register(pixels: Command, ctx: Context): void {
  const types = pixels
    .command('types')
    .description('list the pixel types the service accepts (no request)')
    .action(action(ctx, () => run({}, ctx)));
  answers(types, TYPE_VIEW);
  examples(types, 'shorty pixels types', 'shorty pixels types -q');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(_opts: Record<string, never>, ctx: Context): Promise<void> {
  await (await ctx.printer()).list(
    PIXEL_TYPES.map((type) => ({ type })),
    TYPE_VIEW,
  );
}
