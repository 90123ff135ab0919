import { UsageError } from '../errors.js';
import { REDIRECT_TYPES } from '../api/types.js';
import { parseHttpUrl, parseId } from './validate.js';

/** Checks of single link-body fields, shared by `urls add/update` flags and `urls import` rows.
 * `what` names the field as the user wrote it (`--geo` for a flag, `geotarget` for a column). */

/** The characters of an alias: what `--custom` accepts, and so what can name a link (link-ref.ts). */
export const ALIAS_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A custom alias: at least 3 characters, letters, digits, `-` and `_` (what servers accept). */
export function parseCustomAlias(value: string, what = 'custom alias'): string {
  const text = value.trim();
  if (text.length < 3) throw new UsageError(`invalid ${what} "${value}": must be at least 3 characters`);
  if (!ALIAS_PATTERN.test(text)) {
    throw new UsageError(`invalid ${what} "${value}": use only letters, digits, - and _`);
  }
  return text;
}

/**
 * The redirect type: direct, frame or splash; on create also a custom splash page id or an
 * overlay as `overlay-<id>` (the form the service's web interface sends). Update takes only the three kinds.
 */
export function parseRedirectType(value: string, what = 'type', creating = true): string {
  const text = value.trim();
  if ((REDIRECT_TYPES as readonly string[]).includes(text)) return text;
  if (creating && /^[1-9]\d{0,15}$/.test(text)) return text;
  if (creating && /^overlay-[1-9]\d{0,15}$/.test(text)) return text;
  const allowed = creating
    ? `${REDIRECT_TYPES.join(', ')}, a splash page id or overlay-<id>`
    : `${REDIRECT_TYPES.join(', ')} (an update takes only these)`;
  throw new UsageError(`invalid ${what} "${value}": expected ${allowed}`);
}

/** Splits `KEY=VALUE` at the first `=`; the key must not be empty. */
function splitPair(value: string, what: string, shape: string): [string, string] {
  const at = value.indexOf('=');
  const key = at < 0 ? '' : value.slice(0, at).trim();
  if (!key) throw new UsageError(`invalid ${what} "${value}": expected ${shape}`);
  return [key, value.slice(at + 1).trim()];
}

/** `KEY=URL` for geo, device and language targets: the URL must be http(s). */
export function parseTargetPair(value: string, what: string, keyName: string): [string, string] {
  const [key, url] = splitPair(value, what, `${keyName}=URL`);
  return [key, parseHttpUrl(url, `${what} URL for ${key}`)];
}

/** `NAME=VALUE` for a URL parameter; the value may be empty. */
export function parseParamPair(value: string, what: string): { name: string; value: string } {
  const [name, paramValue] = splitPair(value, what, 'NAME=VALUE');
  return { name, value: paramValue };
}

export function parseIdList(values: string[], what: string): number[] {
  return values.map((v) => parseId(v, what));
}

/** A deep-link object: keys `apple` and/or `google`, each an app-store URL. */
export function checkDeeplink(value: Record<string, unknown>, what = 'deeplink'): { apple?: string; google?: string } {
  const out: { apple?: string; google?: string } = {};
  for (const [key, url] of Object.entries(value)) {
    if (key !== 'apple' && key !== 'google') {
      throw new UsageError(`invalid ${what}: unknown store "${key}" (expected apple or google)`);
    }
    if (url === undefined || url === null || url === '') continue;
    if (typeof url !== 'string') throw new UsageError(`invalid ${what}: the ${key} link must be a URL string`);
    out[key] = parseHttpUrl(url, `${what} ${key} URL`);
  }
  return out;
}

/** The `deeplink` column: a JSON object such as {"apple":"https://...","google":"https://..."}. */
export function parseDeeplinkJson(text: string, what = 'deeplink'): { apple?: string; google?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(
      `invalid ${what} "${text}": expected JSON like {"apple":"https://...","google":"https://..."}`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`invalid ${what} "${text}": expected a JSON object with apple and/or google`);
  }
  return checkDeeplink(value as Record<string, unknown>, what);
}
