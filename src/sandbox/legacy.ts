// The legacy key-in-path interface. Links live in the same store as modern ones, so a link made
// here shows in GET /api/urls and a modern link can be disabled here.
// Errors: `{code: 400|404, data: {message}}` with HTTP 200 (application errors, as in the modern
// interface); a bad key is `{code: 403, ...}` with HTTP 403. Numbers are strings, as in the spec.
import { formatDateTime, parseLegacyDay, phpJson } from './format.js';
import type { LegacyFormat, LegacyRequest } from './legacy-path.js';
import { readPairs } from './legacy-path.js';
import { checkAlias, resolveDomain } from './modern/link-body.js';
import { createLink } from './modern/links.js';
import type { LinkRecord } from './records.js';
import type { Store } from './store.js';
import { AppError, MESSAGES, isHttpUrl } from './validate.js';
import { toXmlElement } from './xml.js';

export interface LegacyReply {
  status: number;
  contentType: string;
  text: string;
}

class LegacyNotFound extends Error {}

export type LegacyRender = (status: number, code: number, data: Record<string, unknown>) => LegacyReply;

/** `xmlDocument` turns the `<response>` element into the whole document (declaration and root). */
export function legacyRenderer(format: LegacyFormat, xmlDocument: (response: string) => string): LegacyRender {
  return (status, code, data) => {
    const envelope = { code, data };
    return format === 'xml'
      ? { status, contentType: 'application/xml; charset=utf-8', text: xmlDocument(toXmlElement('response', envelope)) }
      : { status, contentType: 'application/json; charset=utf-8', text: phpJson(envelope) };
  };
}

function create(store: Store, rest: string[]): Record<string, unknown> {
  const p = readPairs(rest, ['custom_url', 'password', 'expiry_date', 'base_domain', 'url']);
  const url = p.get('url');
  if (url === undefined) throw new AppError('Missing parameter "url".');
  if (!isHttpUrl(url)) throw new AppError(MESSAGES.invalidUrl);
  const custom = p.get('custom_url');
  const expiryDay = p.get('expiry_date');
  const expiry = expiryDay ? parseLegacyDay(expiryDay) : null;
  if (expiryDay && !expiry) throw new AppError('Please enter a valid expiry date (yyyy-mm-dd).');
  const domain = p.get('base_domain');
  const link = createLink(store, {
    longurl: url,
    alias: custom ? checkAlias(store, custom) : undefined,
    password: p.get('password') || undefined,
    expiry,
    domain: domain ? resolveDomain(store, domain) : undefined,
  });
  return {
    url_id: String(link.id),
    short_url: store.shortUrl(link),
    short_url_part: link.alias,
    original_url: link.longurl,
    date_time: store.timestamp(),
  };
}

function findByShortUrlParam(store: Store, rest: string[]): LinkRecord {
  const shortUrl = readPairs(rest, ['short_url']).get('short_url');
  if (shortUrl === undefined) throw new AppError('Missing parameter "short_url".');
  const link = store.findByShortUrl(shortUrl);
  if (!link) throw new LegacyNotFound(MESSAGES.linkMissing);
  return link;
}

/** disable on a disabled link (or enable on an active one) is a no-op success. */
function setStatus(store: Store, rest: string[], status: LinkRecord['status']): Record<string, unknown> {
  const link = findByShortUrlParam(store, rest);
  if (link.status !== status) {
    link.status = status;
    store.changed();
  }
  return { url_id: String(link.id), status, short_url: store.shortUrl(link), date_time: store.timestamp() };
}

function info(store: Store, rest: string[]): Record<string, unknown> {
  const link = findByShortUrlParam(store, rest);
  return {
    url_id: String(link.id),
    short_url: store.shortUrl(link),
    short_url_part: link.alias,
    original_url: link.longurl,
    date_created: link.date,
    last_accessed: link.lastAccessed,
    total_visits: String(link.clicks),
    has_password: link.password !== '',
    expiry_date: link.expiry,
    status: link.status,
    date_time: store.timestamp(),
  };
}

/** Only links whose status is `active` (expired ones included: expiry is not a status). */
function listActive(store: Store, rest: string[]): Record<string, unknown> {
  readPairs(rest, []);
  const urls = store.state.links.filter((l) => l.status === 'active').map((l) => ({ short_url: store.shortUrl(l) }));
  return { urls, date_time: formatDateTime(store.now()) };
}

const OPERATIONS: Record<string, (store: Store, rest: string[]) => Record<string, unknown>> = {
  create,
  disable: (store, rest) => setStatus(store, rest, 'disabled'),
  enable: (store, rest) => setStatus(store, rest, 'active'),
  activate: (store, rest) => setStatus(store, rest, 'active'),
  info,
  list_active_urls: listActive,
};

/** null: unknown operation, answered like any unknown route (HTML 404). */
export function handleLegacy(request: LegacyRequest, store: Store, render: LegacyRender): LegacyReply | null {
  const operation = OPERATIONS[request.operation];
  if (!operation || !Object.hasOwn(OPERATIONS, request.operation)) return null;
  try {
    return render(200, 200, operation(store, request.rest));
  } catch (err) {
    if (err instanceof LegacyNotFound) return render(200, 404, { message: err.message });
    if (err instanceof AppError) return render(200, 400, { message: err.message });
    throw err;
  }
}
