// A link's pixels and channel named by id or by name: checked before any request, looked up after
// every other check (one read of the pixel or channel list).
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { LinkFlags } from '../input/link-body.js';
import { CHANNEL_NAMES, channelId, checkNamedArgs, PIXEL_NAMES, resolveIds } from './names.js';
import { CLI_WORDS, type Words } from './words.js';

const isId = (text: string) => /^\s*-?\d+\s*$/.test(text);

/**
 * `ids` holds the options with only their ids, for the checks that come before any request;
 * `resolve` looks the names up (one list read per resource) and gives the options with every one an id.
 */
export function namedLinkOptions<T extends Pick<LinkFlags, 'pixel' | 'channel'>>(
  ctx: Context,
  opts: T,
  words: Words = CLI_WORDS,
): { ids: T; resolve: () => Promise<T> } {
  const pixelNames = (opts.pixel ?? []).filter((p) => !isId(p));
  const channelName = opts.channel !== undefined && !isId(opts.channel) ? opts.channel : undefined;
  const named: [keyof LinkFlags, string][] = [...pixelNames.map((p) => ['pixel', p] as [keyof LinkFlags, string])];
  if (channelName !== undefined) named.push(['channel', channelName]);
  for (const [key, name] of named) {
    if (name.trim() === '') throw new UsageError(`invalid ${words.field(key)} "${name}": give an id or a name`);
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
    pixel:
      pixelNames.length > 0 ? (await resolveIds(ctx, PIXEL_NAMES, opts.pixel ?? [], words)).map(String) : opts.pixel,
    channel: channelName === undefined ? opts.channel : String(await channelId(ctx, channelName, words)),
  });
  return { ids, resolve };
}
