// An answer that is not the API's at all: an HTML page, an empty body, or one that does not
// parse. No command can use it and it says nothing about the request, so it is an
// UnusableResponseError (exit 1; a bulk run stops). Shared by the modern and legacy clients,
// which differ only in what a usable answer is and in how they name it.
import { UnusableResponseError } from '../errors.js';
import { BASE_URL_HINT } from '../settings/base-url.js';
import type { HttpResponse } from './http.js';

export interface Expected {
  /** How messages name a usable answer: `JSON`, `a legacy response`. */
  name: string;
  /** Added to "the server may run an older version" for a missing endpoint. */
  missing?: string;
}

export const MODERN_ANSWER: Expected = { name: 'JSON' };
export const LEGACY_ANSWER: Expected = { name: 'a legacy response', missing: 'without the legacy interface' };

/**
 * Throws unless `usable` (the caller parsed the body); `shown` is `METHOD url`, redacted. A 404 or
 * 405 page means the endpoint is missing: usually a base URL without the service's path.
 */
export function checkUsable(res: HttpResponse, usable: boolean, shown: string, expected: Expected): void {
  if (usable) return;
  const status = { status: res.status };
  const looksHtml = /html/i.test(res.contentType) || /^\s*</.test(res.text);
  if (looksHtml && (res.status === 404 || res.status === 405)) {
    const missing = expected.missing ? ` ${expected.missing}` : '';
    throw new UnusableResponseError(
      `endpoint not found: ${shown} (HTTP ${res.status}); the server may run an older version${missing}`,
      { ...status, hint: BASE_URL_HINT },
    );
  }
  if (res.text.trim() === '')
    throw new UnusableResponseError(`empty response from the server (HTTP ${res.status}): ${shown}`, status);
  if (looksHtml) {
    throw new UnusableResponseError(
      `the server answered HTTP ${res.status} with an HTML page instead of ${expected.name}: ${shown}`,
      status,
    );
  }
  throw new UnusableResponseError(`invalid response from the server (HTTP ${res.status}, not JSON): ${shown}`, status);
}
