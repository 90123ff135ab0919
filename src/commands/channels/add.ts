import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { nameArgument } from '../shared/name.js';
import { fieldsHelp } from '../shared/resource.js';
import { addChannel } from '../../ops/resource-writes.js';
import { answers } from '../shared/surface.js';
import { CHANNEL, type ChannelFlags, channelBody } from './resource.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface AddOptions extends ChannelFlags {
  /** The `[name]` argument (or --name). */
  nameArgument?: string;
}

export function register(channels: Command, ctx: Context): void {
  const add = verb(channels, 'add [name]', 'create a channel')
    .option('--name <name>', 'the name (instead of the argument)')
    .option('--description <text>', 'what the channel is for')
    .option('--color <#RRGGBB>', 'badge colour, e.g. #1e90ff')
    .option('--starred', 'star the channel')
    .action(
      action(ctx, (nameArg: string | undefined, flags: ChannelFlags) => run({ ...flags, nameArgument: nameArg }, ctx)),
    );
  answers(add, CHANNEL.view);
  fieldsHelp(add, CHANNEL);
  examples(add, 'shorty channels add Newsletter', 'shorty channels add "Spring launch" --color "#ff8800" --starred -q');
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: AddOptions, ctx: Context): Promise<void> {
  const name = nameArgument(opts.nameArgument, opts.name, 'channel');
  if (name === undefined) throw new UsageError('missing the channel name', 'shorty channels add <name>');
  const body = channelBody(opts, name);
  const record = await addChannel(ctx, body);
  await (await ctx.printer()).object(record, CHANNEL.view);
}
