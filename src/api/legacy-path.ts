// Paths of the legacy interface: `{base_url}/api/v1/<KEY>/shorturl/<operation>/<name>/<value>...`
// (ending in .json or .xml). Pure functions, so the exact segments are unit-tested.

export type LegacyFormat = 'json' | 'xml';

export interface LegacyCreateOptions {
  custom?: string;
  password?: string;
  /** yyyy-mm-dd */
  expiry?: string;
  /** A domain without scheme or trailing slash. */
  domain?: string;
}

export type LegacyStatusOperation = 'disable' | 'enable' | 'info';

export const LEGACY_LIST_PATH = 'list_active_urls';

/** Standard base64 of the UTF-8 text, percent-encoded so `/`, `+` and `=` stay in one segment. */
export function base64Segment(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'));
}

/** A plain-text value as one path segment. */
export function textSegment(text: string): string {
  return encodeURIComponent(text);
}

/** `create/custom_url/C/password/P/expiry_date/D/base_domain/B/url/B64`, only the given options, url last. */
export function legacyCreatePath(longUrl: string, opts: LegacyCreateOptions = {}): string {
  const segments = ['create'];
  const optional: [string, string | undefined][] = [
    ['custom_url', opts.custom],
    ['password', opts.password],
    ['expiry_date', opts.expiry],
    ['base_domain', opts.domain],
  ];
  for (const [name, value] of optional) {
    if (value !== undefined && value !== '') segments.push(name, textSegment(value));
  }
  segments.push('url', base64Segment(longUrl));
  return segments.join('/');
}

/** `disable|enable|info/short_url/B64`. */
export function legacyShortUrlPath(operation: LegacyStatusOperation, shortUrl: string): string {
  return `${operation}/short_url/${base64Segment(shortUrl)}`;
}

/** The path after `{base_url}`, with the key as given (use KEY_PLACEHOLDER for anything shown). */
export function legacyApiPath(key: string, operationPath: string, format: LegacyFormat): string {
  return `/api/v1/${encodeURIComponent(key)}/shorturl/${operationPath}.${format}`;
}

/** What error messages show instead of the key. */
export const KEY_PLACEHOLDER = '***';

/** The full URL of a legacy call. */
export function legacyUrl(baseUrl: string, key: string, operationPath: string, format: LegacyFormat): string {
  return baseUrl + legacyApiPath(key, operationPath, format);
}
