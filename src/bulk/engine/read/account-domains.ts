import { LISTS } from '../../../api/lists.js';
import type { ModernApi } from '../../../api/modern.js';
import { BULK_PAGE_SIZE, paginate } from '../../../api/paginate.js';
import { ApiError, RefusalError } from '../../../errors.js';
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
    // A plan without domains, or a server that refuses the endpoint: the alias is simply not found there.
    if (!(err instanceof ApiError) && !(err instanceof RefusalError)) throw err;
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
