import type { LinkBody } from '../api/types.js';
import { parseHttpUrl } from './validate.js';
import { buildLinkBody, type FieldNames, type LinkFields, type RawLink } from './link-build.js';

export type { LinkBody } from '../api/types.js';
export type { LinkFields } from './link-build.js';
export { LINK_COLUMNS, linkBodyFromRow, linkBodyToRow, type LinkColumn } from './link-row.js';

/** The `urls add` / `urls update` options as commander hands them over (repeatable ones are arrays). */
export interface LinkFlags {
  url?: string;
  custom?: string;
  type?: string;
  password?: string;
  domain?: string;
  expiry?: string;
  geo?: string[];
  device?: string[];
  language?: string[];
  metaTitle?: string;
  metaDescription?: string;
  metaImage?: string;
  pixel?: string[];
  channel?: string;
  deeplinkApple?: string;
  deeplinkGoogle?: string;
  param?: string[];
}

const FLAG_NAMES: FieldNames = {
  url: '--url',
  custom: '--custom',
  type: '--type',
  password: '--password',
  domain: '--domain',
  expiry: '--expiry',
  geotarget: '--geo',
  devicetarget: '--device',
  languagetarget: '--language',
  metatitle: '--meta-title',
  metadescription: '--meta-description',
  metaimage: '--meta-image',
  pixels: '--pixel',
  channel: '--channel',
  deeplink: '--deeplink-apple/--deeplink-google',
  parameters: '--param',
};

interface FlagOptions {
  requireUrl: boolean;
  creating?: boolean;
  /** The run's clock (ctx.now()): --expiry may be a span from now (+30d), and a past one is refused. */
  now?: number;
}

/**
 * Maps the `urls add` / `urls update` options onto the API's link body, checking every value.
 * An explicitly empty meta option (`--meta-title ""`) is sent as "" so an update can clear it;
 * an empty --custom, --password, --domain or --expiry is refused (servers would ignore it).
 */
export function linkBodyFromFlags(flags: LinkFlags, opts: FlagOptions & { requireUrl: true }): LinkBody;
export function linkBodyFromFlags(flags: LinkFlags, opts: FlagOptions): LinkFields;
export function linkBodyFromFlags(flags: LinkFlags, opts: FlagOptions): LinkFields {
  const deeplink: Record<string, unknown> = {};
  if (flags.deeplinkApple !== undefined) deeplink.apple = parseHttpUrl(flags.deeplinkApple, '--deeplink-apple');
  if (flags.deeplinkGoogle !== undefined) deeplink.google = parseHttpUrl(flags.deeplinkGoogle, '--deeplink-google');
  const raw: RawLink = {
    url: flags.url,
    custom: flags.custom,
    type: flags.type,
    password: flags.password,
    domain: flags.domain,
    expiry: flags.expiry,
    geotarget: flags.geo ?? [],
    devicetarget: flags.device ?? [],
    languagetarget: flags.language ?? [],
    metatitle: flags.metaTitle,
    metadescription: flags.metaDescription,
    metaimage: flags.metaImage,
    pixels: flags.pixel ?? [],
    channel: flags.channel,
    deeplink: Object.keys(deeplink).length > 0 ? deeplink : undefined,
    parameters: flags.param ?? [],
  };
  // On `urls add` the long URL is the positional argument, not a flag.
  const names = opts.requireUrl ? { ...FLAG_NAMES, url: 'long URL' } : FLAG_NAMES;
  return buildLinkBody(raw, { ...opts, names });
}
