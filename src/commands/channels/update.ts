import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { asRecord, fieldsHelp } from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { CHANNEL_NAMES, channelId, checkNamedArgs } from '../../ops/names.js';
import { namedHelp } from '../shared/named-help.js';
import { CHANNEL, type ChannelFlags, channelBody } from './resource.js';

/** What run() takes: the arguments and flags as the parser fills them. @public */
export interface UpdateOptions extends ChannelFlags {
  /** The channel, by id or name. */
  channel: string;
}

export function register(channels: Command, ctx: Context): void {
  const update = verb(channels, 'update <id|name>', 'change a channel')
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description')
    .option('--color <#RRGGBB>', 'new badge colour')
    .option('--starred', 'star the channel')
    .option('--no-starred', 'unstar the channel')
    .action(action(ctx, (channel: string, flags: ChannelFlags) => run({ ...flags, channel }, ctx)));
  answers(update, CHANNEL.view);
  fieldsHelp(update, CHANNEL);
  notes(update, `<id|name>: ${namedHelp(CHANNEL_NAMES)}.`);
  examples(
    update,
    'shorty channels update 7 --name "Newsletter (old)" --no-starred',
    'shorty channels edit 7 --color "#00aa55" -q',
    'shorty channels update Newsletter --starred',
  );
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: UpdateOptions, ctx: Context): Promise<void> {
  checkNamedArgs(CHANNEL_NAMES, [opts.channel]);
  const body = channelBody(opts, opts.name);
  if (Object.keys(body).length === 0) {
    throw new UsageError('nothing to update: pass --name, --description, --color, --starred or --no-starred');
  }
  const target = await channelId(ctx, opts.channel);
  // v7 answers a message, v6 the channel: the record printed is the id and what changed on both.
  await (await ctx.api()).call('PUT', `/channel/${target}/update`, { body });
  await (await ctx.printer()).object(asRecord(CHANNEL, { id: target, ...body }), CHANNEL.view);
}
