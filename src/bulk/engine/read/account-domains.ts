import { LISTS } from '../../../api/lists.js';
import type { ModernApi } from '../../../api/modern.js';
import { BULK_PAGE_SIZE, paginate } from '../../../api/paginate.js';
import { isItemFailure, RefusalError } from '../../../errors.js';
import { profileDomain } from '../../../input/domain.js';

/** The origins of the account's branded domains (GET /domains); none when the server will not list them. */
export async function brandedOrigins(api: ModernApi, debug: (line: string) => void): Promise<string[]> {
  const origins: string[] = [];
  try {
    for await (const page of paginate(api, LISTS.domains.path, {
      keys: LISTS.domains.keys,
      limit: BULK_PAGE_SIZE,
      all: true,
    })) {
      for (const item of page.items) {
        const url = typeof item.domain === 'string' ? profileDomainOrNone(item.domain) : undefined;
        if (url) origins.push(url);
      }
    }
  } catch (err) {
    // A plan without domains, or a server that refuses the endpoint: the alias is simply not found
    // there. A broken answer or a 5xx is an outage, waited out and asked again, never taken for "none".
    if (!isItemFailure(err) && !(err instanceof RefusalError)) throw err;
    debug(`* the branded domains could not be listed (${err.message}): the alias is looked for no further`);
    return [];
  }
  return origins;
}

function profileDomainOrNone(text: string): string | undefined {
  try {
    return profileDomain(text)?.url;
  } catch {
    return undefined;
  }
}

/**
 * Where the account's short links live as the server itself writes them: the `shorturl` of its
 * links less the alias, from one page of GET /urls. Behind an API gateway, or with a short domain
 * of the service's own, that is not the base URL shorty talks to. None when the account has no
 * link yet, or the server will not list them.
 */
export async function shortLinkOrigins(api: ModernApi, debug: (line: string) => void): Promise<string[]> {
  const origins = new Set<string>();
  try {
    for await (const page of paginate(api, LISTS.urls.path, { keys: LISTS.urls.keys, limit: BULK_PAGE_SIZE })) {
      for (const item of page.items) {
        const origin = shortUrlOrigin(item.shorturl, item.alias);
        if (origin) origins.add(origin);
      }
    }
  } catch (err) {
    if (!isItemFailure(err)) throw err;
    debug(`* the links could not be listed (${err.message}): where short links live is not learnt from them`);
    return [];
  }
  return [...origins];
}

/** `https://sho.rt/s` of `https://sho.rt/s/spring` and its alias `spring`; undefined when the URL does not end with it. */
function shortUrlOrigin(shorturl: unknown, alias: unknown): string | undefined {
  if (typeof shorturl !== 'string' || typeof alias !== 'string' || alias === '') return undefined;
  if (!/^https?:\/\//i.test(shorturl) || !shorturl.endsWith(`/${alias}`)) return undefined;
  const origin = shorturl.slice(0, -alias.length - 1);
  return /^https?:\/\/[^/]+/i.test(origin) ? origin : undefined;
}
