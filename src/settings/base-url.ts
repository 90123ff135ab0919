// Every rule about the base URL and the key: what a valid base URL is, its one written form, and
// what a run needs before it may send the key anywhere. api/ asks here; nothing here knows HTTP.
import { AuthError, UsageError } from '../errors.js';
import { maskUrlCredentials } from '../util/url-credentials.js';
import type { Settings } from './types.js';

/** For an endpoint not found: the usual cause is a base URL that misses (or adds) a path. */
export const BASE_URL_HINT =
  'check the base URL: the API is expected under <base URL>/api, so a service under a path ' +
  'needs that path in it (e.g. https://example.com/shortener)';

/** Checks a base URL from a flag, the environment, the config or a prompt; returns its normal form. */
export function parseBaseUrl(value: string, source = 'base URL'): string {
  const shown = maskUrlCredentials(value);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`invalid ${source} "${shown}": not a URL (include https://)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`invalid ${source} "${shown}": must be http or https`);
  }
  // `https://user:pass@host` would send those credentials as well, and print them in every
  // message that names the URL; the API authenticates with the key alone.
  if (url.username || url.password) {
    throw new UsageError(
      `invalid ${source} "${shown}": a base URL has no user name or password`,
      'the API key is the only credential: set it with `shorty login` or SHORTY_API_KEY',
    );
  }
  // Paths are appended to it as text (`<base>/api/...`): a query or fragment would end up in the middle.
  if (url.search || url.hash) {
    throw new UsageError(
      `invalid ${source} "${shown}": a base URL has no query or fragment`,
      'e.g. https://example.com/shortener',
    );
  }
  return normalizeBaseUrl(value);
}

/** `{base_url}` without a trailing `/` or `/api` (users paste either). */
export function normalizeBaseUrl(raw: string): string {
  return raw
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api$/, '')
    .replace(/\/+$/, '');
}

/**
 * Hosts the key may reach over plain http: literal loopback addresses (127.0.0.0/8, ::1) and
 * `localhost` itself. Not `*.localhost`: such a name goes through the resolver, and a hosts-file
 * entry (or a resolver that doesn't special-case it) can send it anywhere.
 */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The base URL a request may go to: set, and https unless it is loopback or --insecure was given. */
export function requireBaseUrl(settings: Pick<Settings, 'baseUrl' | 'insecure'>): string {
  if (!settings.baseUrl) {
    throw new UsageError(
      'no base URL is set',
      'run `shorty login`, or set SHORTY_BASE_URL (or --base-url), e.g. from `shorty sandbox`',
    );
  }
  const baseUrl = parseBaseUrl(settings.baseUrl);
  const url = new URL(baseUrl);
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !settings.insecure) {
    throw new UsageError(
      `refusing to send the API key in clear text to ${url.host}`,
      'use https://, or pass --insecure if you really mean it',
    );
  }
  return baseUrl;
}

/**
 * The key a request may carry. A key saved in a profile goes only to the origin of the base URL
 * saved beside it (gh's per-host tokens); a profile with no base URL binds its key to none, as
 * there is no default base URL. A base URL of another origin from --base-url or SHORTY_BASE_URL
 * is exit 2 before any request, unless the key was given alongside (--api-key, SHORTY_API_KEY).
 */
export function requireApiKey(
  settings: Pick<Settings, 'apiKey' | 'baseUrl' | 'keySavedFor' | 'profile' | 'origins'>,
): string {
  if (!settings.apiKey) {
    throw new AuthError('no API key is set', 'run `shorty login`, or set SHORTY_API_KEY');
  }
  const { baseUrl, keySavedFor, profile } = settings;
  if (settings.origins.apiKey.origin !== 'profile' || !baseUrl) return settings.apiKey;
  const target = originOf(baseUrl) ?? maskUrlCredentials(baseUrl);
  const via = settings.origins.baseUrl.via ?? 'the settings';
  if (keySavedFor === undefined) {
    throw new UsageError(
      `the API key of profile "${profile}" was saved without a base URL, so it may go to no host; ` +
        `refusing to send it to ${target} (from ${via})`,
      `to bind it to that host, \`shorty config set base-url URL --profile ${profile}\`; or give the key ` +
        'alongside in SHORTY_API_KEY',
    );
  }
  const savedFor = originOf(keySavedFor) ?? maskUrlCredentials(keySavedFor);
  if (savedFor !== target) {
    throw new UsageError(
      `the API key of profile "${profile}" was saved for ${savedFor}; refusing to send it to ${target} (from ${via})`,
      'for an account there, use its profile (--profile NAME, made with `shorty login --profile NAME`) or give its key ' +
        'alongside in SHORTY_API_KEY; to move this profile, `shorty config set base-url URL`',
    );
  }
  return settings.apiKey;
}

/** `https://example.com` (scheme, host and port) of a base URL, or undefined for one that is not a URL. */
function originOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return undefined;
  }
}

/**
 * The API key, trimmed. A control character (a CR from a file saved on Windows, a pasted escape)
 * or a character outside printable ASCII could not travel in the Authorization header: refused
 * before any request, without printing the key.
 */
export function parseApiKey(value: string, source = 'API key'): string {
  const key = value.trim();
  const bad = /[^\x20-\x7e]/.exec(key);
  if (bad) {
    const code = bad[0].codePointAt(0)!;
    const what =
      code < 0x20 || (code >= 0x7f && code <= 0x9f)
        ? `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')}${code === 13 ? ', a carriage return' : ''})`
        : 'a character outside printable ASCII';
    throw new UsageError(
      `invalid ${source}: the key contains ${what} at position ${bad.index + 1}`,
      'copy the key again; a key file saved on Windows ends its lines with CR',
    );
  }
  return key;
}
