import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { View } from '../../output/printer.js';
import { VERSION } from '../../version.js';
import { action, examples, notes } from '../shared/action.js';
import { answers } from '../shared/surface.js';

const VIEW: View = {
  columns: ['version', 'node', 'platform'],
  quiet: 'version',
  fields: ['version', 'node', 'platform'],
};

/** `shorty version`: what a bug report needs (as `gh version`); `--version` prints the number alone. */
export function register(version: Command, ctx: Context): void {
  answers(version, VIEW);
  notes(version, '`shorty --version` (-V) prints the version number alone.');
  examples(
    version.action(
      action(ctx, async () => {
        const info = { version: VERSION, node: process.version, platform: `${process.platform}-${process.arch}` };
        const printer = await ctx.printer();
        if (printer.format !== 'table' || printer.quiet || ctx.globals.fields !== undefined)
          return printer.object(info, VIEW);
        ctx.io.stdout.write(`shorty ${info.version} (Node.js ${info.node}, ${info.platform})\n`);
      }),
    ),
    'shorty version',
    'shorty version -o json',
  );
}
