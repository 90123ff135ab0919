// A short URL and the alias it ends with: both directions of one rule, for every layer.

/**
 * The alias of a short URL: its last path segment, kept as the URL writes it (percent-encoded),
 * so the short URL still ends with `/<alias>` (`https://sho.rt/spring` -> `spring`; a service
 * under a path, `https://sho.rt/base/x1/` -> `x1`).
 */
export function aliasOf(shortUrl: unknown): string | undefined {
  if (typeof shortUrl !== 'string' || shortUrl === '') return undefined;
  try {
    const segment = new URL(shortUrl).pathname.replace(/\/+$/, '').split('/').pop();
    return segment || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The short URL an alias makes on a domain: `go.example.com` (https then) or an origin such as
 * `https://sho.rt`, with or without a trailing `/`.
 */
export function shortUrlOf(domain: string, alias: string): string {
  const place = /^https?:\/\//i.test(domain) ? domain : `https://${domain}`;
  return `${place.replace(/\/+$/, '')}/${alias}`;
}
