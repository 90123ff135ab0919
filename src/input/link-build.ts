import { UsageError } from '../errors.js';
import type { LinkBody } from '../api/types.js';
import { parseDomain } from './domain.js';
import { modernExpiry } from './expiry.js';
import { parseHttpUrl, parseId } from './validate.js';
import {
  checkDeeplink,
  parseCustomAlias,
  parseIdList,
  parseParamPair,
  parseRedirectType,
  parseTargetPair,
} from './link-fields.js';

/** A link body whose `url` may be missing: `urls update` without --url reads it from the server. */
export type LinkFields = Omit<LinkBody, 'url'> & { url?: string };

/** The raw text of every field, from flags or a CSV row, before any check. */
export interface RawLink {
  url?: string;
  custom?: string;
  type?: string;
  password?: string;
  domain?: string;
  expiry?: string;
  geotarget: string[];
  devicetarget: string[];
  languagetarget: string[];
  metatitle?: string;
  metadescription?: string;
  metaimage?: string;
  pixels: string[];
  channel?: string;
  deeplink?: Record<string, unknown>;
  parameters: string[];
}

/** How each field is called where the user wrote it, for error messages. */
export type FieldNames = Record<keyof RawLink, string>;

export interface BuildOptions {
  requireUrl: boolean;
  /** Update takes only direct/frame/splash as `type`. */
  creating?: boolean;
  names: FieldNames;
  /** The run's clock, for flags: an expiry may then be a span from now, and a past one is refused (see expiry.ts). */
  now?: number;
}

/** Empty strings are kept (they clear a meta field); only a missing value is skipped. */
function text(value: string | undefined, check?: (v: string) => string): string | undefined {
  if (value === undefined) return undefined;
  return value === '' || !check ? value : check(value);
}

/**
 * custom, password, domain and expiry: servers (v6 and v7 alike) read "", false and null there
 * as "not given", so an empty value would be sent and silently change nothing: refused instead.
 */
function filled(value: string | undefined, what: string, check: (v: string) => string = (v) => v): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') {
    throw new UsageError(
      `${what} cannot be empty`,
      `servers read an empty ${what} as "not given", so it cannot clear the field: leave ${what} out to keep the current value`,
    );
  }
  return check(value);
}

function targets<K extends string>(pairs: string[], what: string, key: K): ({ [P in K]: string } & { link: string })[] {
  return pairs.map((pair) => {
    const [name, link] = parseTargetPair(pair, what, key.toUpperCase());
    return { [key]: name, link } as { [P in K]: string } & { link: string };
  });
}

/** The one place both inputs meet: every check, then the body in the spec's field order. */
export function buildLinkBody(raw: RawLink, opts: BuildOptions): LinkFields {
  const n = opts.names;
  const body: LinkFields = {};
  if (raw.url !== undefined && raw.url !== '') body.url = parseHttpUrl(raw.url, n.url);
  else if (opts.requireUrl) throw new UsageError(`missing ${n.url}: a long URL is required`);
  body.custom = filled(raw.custom, n.custom, (v) => parseCustomAlias(v, n.custom));
  if (raw.type !== undefined) body.type = parseRedirectType(raw.type, n.type, opts.creating ?? opts.requireUrl);
  body.password = filled(raw.password, n.password);
  body.domain = filled(raw.domain, n.domain, (v) => parseDomain(v, n.domain).url);
  body.expiry = filled(raw.expiry, n.expiry, (v) => modernExpiry(v, { what: n.expiry, now: opts.now }));
  if (raw.geotarget.length) body.geotarget = targets(raw.geotarget, n.geotarget, 'location');
  if (raw.devicetarget.length) body.devicetarget = targets(raw.devicetarget, n.devicetarget, 'device');
  if (raw.languagetarget.length) body.languagetarget = targets(raw.languagetarget, n.languagetarget, 'language');
  body.metatitle = text(raw.metatitle);
  body.metadescription = text(raw.metadescription);
  body.metaimage = text(raw.metaimage, (v) => parseHttpUrl(v, n.metaimage));
  if (raw.pixels.length) body.pixels = parseIdList(raw.pixels, `${n.pixels} id`);
  if (raw.channel !== undefined) body.channel = parseId(raw.channel, `${n.channel} id`);
  if (raw.deeplink !== undefined) body.deeplink = checkDeeplink(raw.deeplink, n.deeplink);
  if (raw.parameters.length) body.parameters = raw.parameters.map((p) => parseParamPair(p, n.parameters));
  return dropUndefined(body);
}

function dropUndefined<T extends object>(obj: T): T {
  for (const key of Object.keys(obj) as (keyof T)[]) if (obj[key] === undefined) delete obj[key];
  return obj;
}
