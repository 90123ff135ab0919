import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseHexColor, parseId } from '../../input/validate.js';
import type { View } from '../../output/printer.js';
import { action, examples } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { answers } from '../shared/surface.js';

interface ChannelFlags {
  name?: string;
  description?: string;
  color?: string | boolean;
  starred?: boolean;
}

/** The body keys the flags set, checked before any request. */
function channelBody(flags: ChannelFlags): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (flags.name !== undefined) body.name = channelName(flags.name);
  if (flags.description !== undefined) body.description = flags.description;
  // --color shares its name with the global --no-color: only a string is this command's value.
  if (typeof flags.color === 'string') body.color = parseHexColor(flags.color, '--color');
  if (flags.starred !== undefined) body.starred = flags.starred;
  return body;
}

/** The service's own rule, checked here so a bad name costs no request (and exits 2). */
function channelName(name: string): string {
  if (name.trim().length < 2) {
    throw new UsageError(`invalid channel name "${name}": it must have at least 2 characters`);
  }
  return name;
}

/** `channels add` and `channels update`. */
export function registerWrites(channels: Command, ctx: Context, view: View): void {
  const add = verb(channels, 'add <name>', 'create a channel')
    .option('--description <text>', 'what the channel is for')
    .option('--color <#RRGGBB>', 'badge colour, e.g. #1e90ff')
    .option('--starred', 'star the channel')
    .action(action(ctx, async (name: string, flags: ChannelFlags) => {
      const body = { ...channelBody(flags), name: channelName(name) };
      const res = await (await ctx.api()).call('POST', '/channel/add', { body });
      await (await ctx.printer()).object(res, view);
    }));
  examples(add, 'shorty channels add Newsletter', 'shorty channels add "Spring launch" --description "Q2 campaign" --color "#ff8800" --starred -q');

  answers(add, view);
  const update = verb(channels, 'update <id>', 'change a channel')
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description')
    .option('--color <#RRGGBB>', 'new badge colour')
    .option('--starred', 'star the channel')
    .option('--no-starred', 'unstar the channel')
    .action(action(ctx, async (id: string, flags: ChannelFlags) => {
      const channelId = parseId(id, 'channel id');
      const body = channelBody(flags);
      if (Object.keys(body).length === 0) {
        throw new UsageError('nothing to update: pass --name, --description, --color, --starred or --no-starred');
      }
      const res = await (await ctx.api()).call('PUT', `/channel/${channelId}/update`, { body });
      // v6 answers the channel itself instead of a message: the same confirmation either way.
      await (await ctx.printer()).message(res.message === undefined ? { message: `channel ${channelId} updated`, ...res } : res);
    }));
  examples(update, 'shorty channels update 7 --name "Newsletter (old)" --no-starred', 'shorty channels edit 7 --color "#00aa55"');
}
