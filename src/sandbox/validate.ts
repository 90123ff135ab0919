// Field checks for request bodies. A failed check throws AppError; the dispatcher turns it into
// the service's error body (HTTP 200, `{"error":1,"message":...}`), so handlers read top-down.

export class AppError extends Error {}

export const MESSAGES = {
  invalidUrl: 'Please enter a valid URL.',
  linkMissing: 'Link does not exist.',
  aliasTaken: 'That alias is taken. Please choose another one.',
  aliasShort: 'Custom alias must be at least 3 characters.',
  pixelProvider: 'Pixel provider is currently not supported.',
  qrInvalid: 'Invalid QR format or missing data.',
  channelName: 'Channel name cannot be empty and must have at least 2 characters.',
  badKey: 'A valid API key is required to use this service.',
  tooMany: 'Too Many API Requests.',
} as const;

export type Body = Record<string, unknown>;

export function has(body: Body, field: string): boolean {
  return body[field] !== undefined && body[field] !== null;
}

/** A string field; absent -> undefined; any other type is an error naming the field. */
export function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return String(value); // PHP servers coerce numbers silently
  if (typeof value !== 'string') throw new AppError(`Invalid value for "${field}": expected a string.`);
  return value.trim();
}

/**
 * An optional string field where `false`, `null` and "" (or blanks) mean "not given": deployed
 * servers test `isset && !empty`, and some clients send `"domain": false` for "none".
 */
export function optionalFilled(body: Body, field: string): string | undefined {
  if (body[field] === false) return undefined;
  const value = optionalString(body, field);
  return value === '' ? undefined : value;
}

export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true; // form-style truthy values
  if (value === 0 || value === '0' || value === 'false') return false;
  throw new AppError(`Invalid value for "${field}": expected a boolean.`);
}

export function isHttpUrl(text: unknown): text is string {
  if (typeof text !== 'string' || text.length > 8192) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Optional URL field: absent or empty -> "", otherwise it must be http(s). */
export function optionalUrl(body: Body, field: string): string | undefined {
  const value = optionalString(body, field);
  if (value === undefined || value === '') return value;
  if (!isHttpUrl(value)) throw new AppError(MESSAGES.invalidUrl);
  return value;
}

export function isHexColor(text: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(text);
}

export function isRgbColor(text: string): boolean {
  const m = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(text);
  return m?.slice(1).every((n) => Number(n) <= 255) ?? false;
}

export function isEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
}

/** An array of `{keyField, link}` pairs (geotarget, devicetarget, languagetarget). */
export function optionalTargets<K extends string>(
  body: Body,
  field: string,
  keyField: K,
): ({ [P in K]: string } & { link: string })[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value))
    throw new AppError(`Invalid value for "${field}": expected an array of {${keyField}, link}.`);
  return value.map((entry) => {
    const e = entry as Record<string, unknown> | null;
    if (!e || typeof e !== 'object' || typeof e[keyField] !== 'string' || e[keyField] === '') {
      throw new AppError(`Invalid value for "${field}": each entry needs a "${keyField}".`);
    }
    if (!isHttpUrl(e.link)) throw new AppError(MESSAGES.invalidUrl);
    return { [keyField]: e[keyField], link: e.link } as { [P in K]: string } & { link: string };
  });
}

export function optionalIdArray(body: Body, field: string): number[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) {
      throw new AppError(`Invalid value for "${field}": expected an array of positive integer ids.`);
    }
    return n;
  });
}

export function optionalId(body: Body, field: string): number | undefined {
  const ids = optionalIdArray(body, field);
  if (ids === undefined) return undefined;
  if (ids.length !== 1) throw new AppError(`Invalid value for "${field}": expected a positive integer id.`);
  return ids[0];
}
