import type { Command } from 'commander';
import { REDIRECT_TYPES } from '../../api/types.js';
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
