import type { Command } from 'commander';
import { REDIRECT_TYPES } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { LinkFlags } from '../../input/link-body.js';
import { CHANNEL_NAMES, channelId, checkNamedArgs, PIXEL_NAMES, resolveIds } from '../shared/resolve-name.js';
import { EXPIRY_FORMS } from '../../input/expiry.js';
import { completeOption } from '../../completion/values.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The options that map onto the link body, shared by `urls add` and `urls update`. */
export function addLinkBodyOptions(cmd: Command, { creating }: { creating: boolean }): Command {
  cmd
    .option('--custom <alias>', 'custom alias instead of a random one (3+ letters, digits, - or _)')
    .option(
      '--type <type>',
      creating
        ? 'redirect type: direct, frame, splash, a splash page id or overlay-<id>'
        : 'redirect type: direct, frame or splash',
    )
    .option('--password <password>', 'protect the link with a password')
    .option('--domain <domain>', creating ? 'branded domain (default: the `domain` config key)' : 'branded domain')
    .option('--expiry <date>', `when the link stops working: ${EXPIRY_FORMS}; local time unless an offset is given`)
    .option('--geo <LOCATION=URL>', 'geo target, repeatable', collect)
    .option('--device <DEVICE=URL>', 'device target, repeatable', collect)
    .option('--language <CODE=URL>', 'language target, repeatable', collect)
    .option('--meta-title <title>', 'meta title')
    .option('--meta-description <text>', 'meta description')
    .option('--meta-image <url>', 'meta image URL (jpg or png)')
    .option('--pixel <id|name>', 'tracking pixel, by id or name, repeatable', collect)
    .option('--channel <id|name>', 'channel, by id or name')
    .option('--deeplink-apple <url>', 'App Store deep link')
    .option('--deeplink-google <url>', 'Google Play deep link')
    .option('--param <NAME=VALUE>', 'URL parameter, repeatable', collect);
  return completeOption(cmd, '--type', REDIRECT_TYPES);
}

/** What the help of `urls add` and `urls update` says of --pixel and --channel by name. */
export const NAMED_OPTIONS_HELP =
  '--pixel and --channel take an id or a name (matched exactly): names cost one read of the pixel or channel list, ' +
  'after every other check; a name two of them share is refused (exit 2), one none has is exit 1.';

const isId = (text: string) => /^\s*-?\d+\s*$/.test(text);

/**
 * --pixel and --channel given by name: `ids` holds the options with only their ids, for the checks
 * that come before any request; `resolve` looks the names up (one list read per resource) and
 * gives the options with every one an id.
 */
export function namedLinkOptions<T extends Pick<LinkFlags, 'pixel' | 'channel'>>(
  ctx: Context,
  opts: T,
): { ids: T; resolve: () => Promise<T> } {
  const pixelNames = (opts.pixel ?? []).filter((p) => !isId(p));
  const channelName = opts.channel !== undefined && !isId(opts.channel) ? opts.channel : undefined;
  for (const [flag, name] of [...pixelNames.map((p) => ['--pixel', p]), ['--channel', channelName ?? 'x']]) {
    if (name.trim() === '') throw new UsageError(`invalid ${flag} "${name}": give an id or a name`);
  }
  checkNamedArgs(PIXEL_NAMES, pixelNames);
  if (channelName !== undefined) checkNamedArgs(CHANNEL_NAMES, [channelName]);
  const ids = {
    ...opts,
    pixel: opts.pixel?.filter(isId),
    channel: channelName === undefined ? opts.channel : undefined,
  };
  const resolve = async (): Promise<T> => ({
    ...opts,
    pixel: pixelNames.length > 0 ? (await resolveIds(ctx, PIXEL_NAMES, opts.pixel ?? [])).map(String) : opts.pixel,
    channel: channelName === undefined ? opts.channel : String(await channelId(ctx, channelName)),
  });
  return { ids, resolve };
}
