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

/** The option each body field is given by (the deep link by two). */
const FLAG_OF: Record<keyof FieldNames, keyof LinkFlags> = {
  url: 'url',
  custom: 'custom',
  type: 'type',
  password: 'password',
  domain: 'domain',
  expiry: 'expiry',
  geotarget: 'geo',
  devicetarget: 'device',
  languagetarget: 'language',
  metatitle: 'metaTitle',
  metadescription: 'metaDescription',
  metaimage: 'metaImage',
  pixels: 'pixel',
  channel: 'channel',
  deeplink: 'deeplinkApple',
  parameters: 'param',
};

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const asFlag = (key: keyof LinkFlags) => `--${kebab(key)}`;

function fieldNames(field: (key: keyof LinkFlags) => string): FieldNames {
  const names = Object.fromEntries(Object.entries(FLAG_OF).map(([body, key]) => [body, field(key)])) as FieldNames;
  return { ...names, deeplink: `${field('deeplinkApple')}/${field('deeplinkGoogle')}` };
}

interface FlagOptions {
  requireUrl: boolean;
  creating?: boolean;
  /** The run's clock (ctx.now()): --expiry may be a span from now (+30d), and a past one is refused. */
  now?: number;
  /** How the caller names an option (default: as a flag, `--meta-title`). */
  field?: (key: keyof LinkFlags) => string;
}

/**
 * Maps the `urls add` / `urls update` options onto the API's link body, checking every value.
 * An explicitly empty meta option (`--meta-title ""`) is sent as "" so an update can clear it;
 * an empty --custom, --password, --domain or --expiry is refused (servers would ignore it).
 */
export function linkBodyFromFlags(flags: LinkFlags, opts: FlagOptions & { requireUrl: true }): LinkBody;
export function linkBodyFromFlags(flags: LinkFlags, opts: FlagOptions): LinkFields;
export function linkBodyFromFlags(flags: LinkFlags, opts: FlagOptions): LinkFields {
  const field = opts.field ?? asFlag;
  const deeplink: Record<string, unknown> = {};
  if (flags.deeplinkApple !== undefined) deeplink.apple = parseHttpUrl(flags.deeplinkApple, field('deeplinkApple'));
  if (flags.deeplinkGoogle !== undefined) deeplink.google = parseHttpUrl(flags.deeplinkGoogle, field('deeplinkGoogle'));
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
  const flagNames = fieldNames(field);
  const names = opts.requireUrl ? { ...flagNames, url: 'long URL' } : flagNames;
  return buildLinkBody(raw, { ...opts, names });
}
