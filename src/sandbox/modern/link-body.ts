// Validation of the link body (POST /url/add, PUT /url/:id/update) into a patch of LinkRecord.
// Fields that are absent stay undefined so an update only changes what it was sent.
import { REDIRECT_TYPES } from '../../api/types.js';
import { parseDateTime } from '../format.js';
import type { LinkRecord } from '../records.js';
import type { Store } from '../store.js';
import {
  AppError,
  type Body,
  MESSAGES,
  isHttpUrl,
  optionalFilled,
  optionalId,
  optionalIdArray,
  optionalString,
  optionalTargets,
  optionalUrl,
} from '../validate.js';

export type LinkPatch = Partial<
  Omit<LinkRecord, 'id' | 'clicks' | 'visitors' | 'hits' | 'date' | 'status' | 'campaign'>
> & {
  longurl: string;
  channel?: number;
};

/** Checks a custom alias: length, characters, and that no other link (or route) uses it. */
export function checkAlias(store: Store, alias: string, selfId?: number): string {
  if (alias.length < 3) throw new AppError(MESSAGES.aliasShort);
  if (!/^[A-Za-z0-9_-]{3,100}$/.test(alias)) {
    throw new AppError('Custom alias may only contain letters, numbers, dashes and underscores.');
  }
  if (!store.isAliasFree(alias, selfId)) throw new AppError(MESSAGES.aliasTaken);
  return alias;
}

/** A branded domain given with or without scheme; the sandbox's own host means "no domain". */
export function resolveDomain(store: Store, text: string): string | null {
  if (text === '') return null;
  let host: string;
  try {
    host = new URL(/^https?:\/\//i.test(text) ? text : `http://${text}`).host.toLowerCase();
  } catch {
    throw new AppError('Domain does not exist.');
  }
  if (host === new URL(store.baseUrl).host.toLowerCase()) return null;
  const match = store.state.domains.find((d) => new URL(d.domain).host.toLowerCase() === host);
  if (!match) throw new AppError('Domain does not exist.');
  return match.domain;
}

/**
 * On create, `type` may also be a custom splash page id (`3` or `"3"`) or an overlay as
 * `overlay-<id>` (the form the service's own web interface uses); update takes only the three kinds.
 */
function checkType(store: Store, type: string, creating: boolean): string {
  if ((REDIRECT_TYPES as readonly string[]).includes(type)) return type;
  if (creating) {
    if (/^\d+$/.test(type) && store.state.splash.some((s) => s.id === Number(type))) return type;
    const overlay = /^overlay-(\d+)$/.exec(type);
    if (overlay && store.state.overlays.some((o) => o.id === Number(overlay[1]))) return type;
  }
  throw new AppError(
    creating
      ? 'Invalid redirect type. Use direct, frame, splash, a splash page id or overlay-<id>.'
      : 'Invalid redirect type. Use direct, frame or splash.',
  );
}

function readDeeplink(body: Body): LinkRecord['deeplink'] | undefined {
  const value = body.deeplink;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new AppError('Invalid value for "deeplink": expected {apple, google}.');
  const out: LinkRecord['deeplink'] = {};
  for (const [key, url] of Object.entries(value)) {
    if (key !== 'apple' && key !== 'google')
      throw new AppError(`Invalid value for "deeplink": unknown store "${key}".`);
    if (url === '' || url === null) continue;
    if (!isHttpUrl(url)) throw new AppError(MESSAGES.invalidUrl);
    out[key] = url;
  }
  return out;
}

function readParameters(body: Body): LinkRecord['parameters'] | undefined {
  const value = body.parameters;
  if (value === undefined || value === null) return undefined;
  const ok =
    Array.isArray(value) &&
    value.every((p) => p && typeof p.name === 'string' && p.name !== '' && typeof p.value === 'string');
  if (!ok) throw new AppError('Invalid value for "parameters": expected an array of {name, value}.');
  return (value as { name: string; value: string }[]).map(({ name, value: v }) => ({ name, value: v }));
}

export function readLinkBody(store: Store, body: Body, self?: LinkRecord): LinkPatch {
  const url = optionalString(body, 'url');
  if (!url || !isHttpUrl(url)) throw new AppError(MESSAGES.invalidUrl);
  const patch: LinkPatch = { longurl: url };

  // Empty custom, password, domain and expiry are "not given": an update leaves them as they are.
  const custom = optionalFilled(body, 'custom');
  if (custom !== undefined) patch.alias = checkAlias(store, custom, self?.id);
  const type = optionalString(body, 'type');
  if (type) patch.type = checkType(store, type, self === undefined);
  patch.password = optionalFilled(body, 'password');
  const domain = optionalFilled(body, 'domain');
  if (domain !== undefined) patch.domain = resolveDomain(store, domain);

  const expiry = optionalFilled(body, 'expiry');
  if (expiry !== undefined) {
    // Past dates are allowed on purpose: an already expired link is how tests reach the 404.
    if (!parseDateTime(expiry)) throw new AppError('Please enter a valid expiry date (yyyy-mm-dd hh:mm:ss).');
    patch.expiry = expiry;
  }

  patch.geotarget = optionalTargets(body, 'geotarget', 'location');
  patch.devicetarget = optionalTargets(body, 'devicetarget', 'device');
  patch.languagetarget = optionalTargets(body, 'languagetarget', 'language');
  patch.metatitle = optionalString(body, 'metatitle');
  patch.metadescription = optionalString(body, 'metadescription');
  patch.metaimage = optionalUrl(body, 'metaimage');
  if (patch.metaimage && !/\.(jpe?g|png)$/i.test(new URL(patch.metaimage).pathname)) {
    throw new AppError('The meta image must be a JPG or PNG image.');
  }
  // Pixel ids are type-checked only: unknown ids are kept, as servers that store the list do.
  patch.pixels = optionalIdArray(body, 'pixels');
  patch.channel = optionalId(body, 'channel');
  if (patch.channel !== undefined && !store.state.channels.some((c) => c.id === patch.channel)) {
    throw new AppError('Channel does not exist.');
  }
  patch.deeplink = readDeeplink(body);
  patch.parameters = readParameters(body);
  return patch;
}
