import type { ModernApi } from '../../../api/modern.js';
import { ApiError, UnusableResponseError } from '../../../errors.js';
import type { LinkBody } from '../../../input/link-body.js';

/** What an alias on the server is: free, a link to the row's long URL, or a link elsewhere. */
export type AliasOwner = { kind: 'free' } | { kind: 'same' } | { kind: 'other'; longurl: string } | { kind: 'unknown' };

/** The short URL a row's custom alias makes: on the row's domain, else the default domain, else the service's own. */
function aliasShortUrl(body: Pick<LinkBody, 'custom' | 'domain'>, fallbackDomain: string): string {
  const domain = body.domain ?? fallbackDomain;
  const place = /^https?:\/\//i.test(domain) ? domain : `https://${domain}`;
  return `${place.replace(/\/+$/, '')}/${body.custom}`;
}

/**
 * Whom a row's alias belongs to, by one lookup (GET /urls?short=). `--if-exists skip` skips only
 * the same link: an alias that already leads to the row's long URL. One that leads elsewhere is a
 * conflict the user must see, and one whose target the server does not say (a server that
 * ignores `short` and lists a page without it) is not taken for the same link.
 */
export async function aliasOwner(api: ModernApi, body: LinkBody, fallbackDomain: string): Promise<AliasOwner> {
  const short = aliasShortUrl(body, fallbackDomain);
  let answer: Record<string, unknown>;
  try {
    answer = await api.call<Record<string, unknown>>('GET', '/urls', { query: { short } });
  } catch (err) {
    // "Link does not exist.": the alias is free. Anything else is the run's to handle.
    if (err instanceof ApiError && !(err instanceof UnusableResponseError) && (err.status ?? 400) < 500)
      return { kind: 'free' };
    throw err;
  }
  const longurl = targetOf(answer, body.custom!, short);
  if (longurl === undefined) return { kind: 'unknown' };
  return sameUrl(longurl, body.url) ? { kind: 'same' } : { kind: 'other', longurl };
}

/** The long URL of the detail answer, or of the item with this alias on a list page. */
function targetOf(answer: Record<string, unknown>, alias: string, short: string): string | undefined {
  const details = answer.details as Record<string, unknown> | undefined;
  if (details && typeof details === 'object') return stringOr(details.longurl);
  const urls = (answer.data as { urls?: unknown } | undefined)?.urls;
  if (!Array.isArray(urls)) return undefined;
  const item = urls.find(
    (u): u is Record<string, unknown> =>
      u !== null && typeof u === 'object' && (u.alias === alias || sameUrl(stringOr(u.shorturl), short)),
  );
  return item ? stringOr(item.longurl) : undefined;
}

const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function sameUrl(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/** The row error of an alias that leads elsewhere. */
export function conflictError(alias: string, longurl: string): string {
  return `conflict: "${alias}" points at ${longurl}`;
}
