// The modern API's list endpoints, as docs/api.md gives them: the path a `GET` reads, with
// `limit` and `page`, and the collection key under which its envelope's `data` holds the page's
// items. Commands read the lists through paginate; the name cache recognises the same answers
// when a command receives them. Declared once here, so the two never disagree on a path or a key.

export interface ListEndpoint {
  /** The path of the `GET` that reads a page: `/urls`. */
  path: string;
  /** The collection key of a page (`urls`), then the keys some servers answer instead. */
  keys: string[];
  /** The word of an item's own paths (`/url/add`, `/qr/7`, `/campaign/4/update`), where it has them. */
  item?: string;
}

/** Every list, by the word of its path. */
export const LISTS = {
  urls: { path: '/urls', keys: ['urls'], item: 'url' },
  campaigns: { path: '/campaigns', keys: ['campaigns'], item: 'campaign' },
  channels: { path: '/channels', keys: ['channels'], item: 'channel' },
  pixels: { path: '/pixels', keys: ['pixels'], item: 'pixel' },
  qr: { path: '/qr', keys: ['qrs'], item: 'qr' },
  domains: { path: '/domains', keys: ['domains'], item: 'domain' },
  // Call-to-action overlays: `cta` in the spec, `overlay` on v6 servers.
  overlay: { path: '/overlay', keys: ['cta', 'overlay'] },
  splash: { path: '/splash', keys: ['splash'] },
} satisfies Record<string, ListEndpoint>;

/** `GET /channel/:id`: the links, QR codes and bio pages in one channel. */
export function channelItemsList(channelId: number | string): ListEndpoint {
  return { path: `/channel/${channelId}`, keys: ['items'] };
}
