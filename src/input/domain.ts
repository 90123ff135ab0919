// A branded domain as people write it — `go.example.com`, `https://go.example.com/`,
// `http://go.example.com` — and the form each endpoint takes: `domain/add` and a link body's
// `domain` want the URL with its scheme (the form the service lists domains in), the legacy
// `base_domain` wants the bare host (no scheme, no trailing slash).
import { UsageError } from '../errors.js';

export interface BrandedDomain {
  /** `https://go.example.com` (the scheme given, https when none was): domain/add, link bodies. */
  url: string;
  /** `go.example.com` (with `:port` when one was given): the legacy `base_domain`. */
  host: string;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*(?::\\d{1,5})?$`, 'i');
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/**
 * Reads a domain in any of the forms above; anything else (a path, a query, a user name, another
 * scheme, a space) is a usage error naming `what`, before any request.
 */
export function parseDomain(value: string, what = '--domain'): BrandedDomain {
  const text = value.trim();
  const invalid = (why: string, hint?: string) =>
    new UsageError(
      `invalid ${what} ${JSON.stringify(value)}: ${why}`,
      hint ?? 'write it as go.example.com or https://go.example.com',
    );
  const scheme = SCHEME.exec(text)?.[1].toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https')
    throw invalid('only http and https domains exist');
  const rest = text.slice(scheme === undefined ? 0 : scheme.length + 3).replace(/\/+$/, '');
  if (rest === '') throw invalid('no domain');
  if (/[/?#]/.test(rest)) throw invalid('a domain has no path, query or fragment');
  if (rest.includes('@')) throw invalid('a domain has no user name or password');
  if (rest.length > 253 || !HOST.test(rest)) throw invalid('not a domain name');
  const url = new URL(`${scheme ?? 'https'}://${rest}`);
  return { url: url.origin, host: url.host };
}

/** The profile's `domain` (config key), checked where it is used: a file edited by hand may hold any text. */
export function profileDomain(value: string | undefined): BrandedDomain | undefined {
  return value === undefined || value.trim() === '' ? undefined : parseDomain(value, 'domain in the profile');
}
