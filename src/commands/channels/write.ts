import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseHexColor } from '../../input/validate.js';
import { action, examples, notes } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { nameArgument } from '../shared/name.js';
import { asRecord, fieldsHelp, type Resource } from '../shared/resource.js';
import { answers } from '../shared/surface.js';
import { CHANNEL_NAMES, channelId, checkNamedArgs, namedHelp } from '../shared/resolve-name.js';

interface ChannelFlags {
  name?: string;
  description?: string;
  color?: string | boolean;
  starred?: boolean;
}

/** The body keys the flags set, checked before any request. */
function channelBody(flags: ChannelFlags, name: string | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (name !== undefined) body.name = channelName(name);
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
export function registerWrites(channels: Command, ctx: Context, res: Resource): void {
  const add = verb(channels, 'add [name]', 'create a channel')
    .option('--name <name>', 'the name (instead of the argument)')
    .option('--description <text>', 'what the channel is for')
    .option('--color <#RRGGBB>', 'badge colour, e.g. #1e90ff')
    .option('--starred', 'star the channel')
    .action(
      action(ctx, async (nameArg: string | undefined, flags: ChannelFlags) => {
        const name = nameArgument(nameArg, flags.name, 'channel');
        if (name === undefined) throw new UsageError('missing the channel name', 'shorty channels add <name>');
        const body = channelBody(flags, name);
        const created = await (await ctx.api()).call('POST', '/channel/add', { body });
        await (await ctx.printer()).object(asRecord(res, created), res.view);
      }),
    );
  answers(add, res.view);
  fieldsHelp(add, res);
  examples(add, 'shorty channels add Newsletter', 'shorty channels add "Spring launch" --color "#ff8800" --starred -q');

  const update = verb(channels, 'update <id|name>', 'change a channel')
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description')
    .option('--color <#RRGGBB>', 'new badge colour')
    .option('--starred', 'star the channel')
    .option('--no-starred', 'unstar the channel')
    .action(
      action(ctx, async (arg: string, flags: ChannelFlags) => {
        checkNamedArgs(CHANNEL_NAMES, [arg]);
        const body = channelBody(flags, flags.name);
        if (Object.keys(body).length === 0) {
          throw new UsageError('nothing to update: pass --name, --description, --color, --starred or --no-starred');
        }
        const target = await channelId(ctx, arg);
        // v7 answers a message, v6 the channel: the record printed is the id and what changed on both.
        await (await ctx.api()).call('PUT', `/channel/${target}/update`, { body });
        await (await ctx.printer()).object(asRecord(res, { id: target, ...body }), res.view);
      }),
    );
  answers(update, res.view);
  fieldsHelp(update, res);
  notes(update, `<id|name>: ${namedHelp(CHANNEL_NAMES)}.`);
  examples(
    update,
    'shorty channels update 7 --name "Newsletter (old)" --no-starred',
    'shorty channels edit 7 --color "#00aa55" -q',
    'shorty channels update Newsletter --starred',
  );
}
