// Every rule about the base URL and the key: what a valid base URL is, its one written form, and
// what a run needs before it may send the key anywhere. api/ asks here; nothing here knows HTTP.
import { AuthError, UsageError } from '../errors.js';
import type { Settings } from './types.js';

/** For an endpoint not found: the usual cause is a base URL that misses (or adds) a path. */
export const BASE_URL_HINT = 'check the base URL: the API is expected under <base URL>/api, so a service under a path '
  + 'needs that path in it (e.g. https://example.com/shortener)';

/** Checks a base URL from a flag, the environment, the config or a prompt; returns its normal form. */
export function parseBaseUrl(value: string, source = 'base URL'): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`invalid ${source} "${value}": not a URL (include https://)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`invalid ${source} "${value}": must be http or https`);
  }
  // Paths are appended to it as text (`<base>/api/...`): a query or fragment would end up in the middle.
  if (url.search || url.hash) {
    throw new UsageError(`invalid ${source} "${value}": a base URL has no query or fragment`, 'e.g. https://example.com/shortener');
  }
  return normalizeBaseUrl(value);
}

/** `{base_url}` without a trailing `/` or `/api` (users paste either). */
export function normalizeBaseUrl(raw: string): string {
  return raw.trim().replace(/\/+$/, '').replace(/\/api$/, '').replace(/\/+$/, '');
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The base URL a request may go to: set, and https unless it is loopback or --insecure was given. */
export function requireBaseUrl(settings: Pick<Settings, 'baseUrl' | 'insecure'>): string {
  if (!settings.baseUrl) {
    throw new UsageError('no base URL is set',
      'run `shorty login`, or set SHORTY_BASE_URL (or --base-url), e.g. from `shorty sandbox`');
  }
  const baseUrl = parseBaseUrl(settings.baseUrl);
  const url = new URL(baseUrl);
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !settings.insecure) {
    throw new UsageError(`refusing to send the API key in clear text to ${url.host}`,
      'use https://, or pass --insecure if you really mean it');
  }
  return baseUrl;
}

export function requireApiKey(settings: Pick<Settings, 'apiKey'>): string {
  if (!settings.apiKey) {
    throw new AuthError('no API key is set', 'run `shorty login`, or set SHORTY_API_KEY');
  }
  return settings.apiKey;
}
