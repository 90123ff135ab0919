// Public (non-API) paths: GET /<alias> redirects and counts a click (see clicks.ts for what a
// click records); GET /qr/<alias> counts a scan; GET /r/<slug> is a campaign rotator (round-robin over its usable links). Never rate
// limited. Targeting (geo/device/language) and frame/splash types are not simulated: every
// usable link answers 302 to its long URL. Disabled, expired or unknown -> HTML 404.
import type { IncomingMessage } from 'node:http';
import { htmlPage } from './format.js';
import { htmlOut, type Outgoing } from './http-io.js';
import { hitOf } from './clicks.js';
import type { LinkRecord } from './records.js';
import type { Store } from './store.js';

function notFound(path: string): Outgoing {
  return htmlOut(404, htmlPage(404, 'Not Found', `Nothing is served at ${path}.`));
}

function usable(store: Store, link: LinkRecord): boolean {
  return link.status === 'active' && !store.isExpired(link);
}

async function followLink(
  store: Store,
  link: LinkRecord,
  req: IncomingMessage,
  query: URLSearchParams,
): Promise<Outgoing> {
  // Password-protected links want ?password=...; the real service shows a form instead.
  if (link.password && query.get('password') !== link.password) {
    return htmlOut(
      401,
      htmlPage(401, 'Password required', 'This link is password protected: add ?password=... to the URL.'),
    );
  }
  const hit = await hitOf(req);
  link.clicks++;
  if (!link.visitors.includes(hit.visitor)) link.visitors.push(hit.visitor);
  (link.hits ??= []).push(hit);
  link.lastAccessed = store.timestamp();
  store.changed();
  return {
    status: 302,
    headers: { Location: link.longurl, 'Content-Type': 'text/plain; charset=utf-8' },
    text: `Redirecting to ${link.longurl}\n`,
  };
}

async function scanQr(store: Store, alias: string, req: IncomingMessage): Promise<Outgoing | null> {
  const qr = store.qrByAlias(alias);
  if (!qr) return null;
  qr.hits.push(await hitOf(req));
  store.changed();
  if (qr.type === 'link' && typeof qr.data === 'string')
    return { status: 302, headers: { Location: qr.data.trim() }, text: '' };
  const text = typeof qr.data === 'string' ? qr.data : JSON.stringify(qr.data);
  return { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, text };
}

async function rotate(
  store: Store,
  slug: string,
  req: IncomingMessage,
  query: URLSearchParams,
): Promise<Outgoing | null> {
  const campaign = store.state.campaigns.find((c) => c.slug === slug);
  if (!campaign) return null;
  const links = store.state.links.filter((l) => l.campaign === campaign.id && usable(store, l) && !l.password);
  if (links.length === 0) return null;
  const link = links[campaign.rotatorNext % links.length];
  campaign.rotatorNext = (campaign.rotatorNext + 1) % links.length;
  return followLink(store, link, req, query);
}

export async function handlePublic(store: Store, req: IncomingMessage, url: URL): Promise<Outgoing> {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    return htmlOut(405, htmlPage(405, 'Method Not Allowed', `${method} is not allowed on ${url.pathname}.`), {
      Allow: 'GET, HEAD',
    });
  }
  if (url.pathname === '/') {
    return htmlOut(
      200,
      htmlPage(200, 'shorty sandbox', 'A local implementation of the link-shortening API. The API lives under /api.'),
    );
  }
  const segments = url.pathname.split('/').slice(1);
  let alias: string;
  try {
    alias = decodeURIComponent(segments[segments.length - 1] ?? '');
  } catch {
    return notFound(url.pathname);
  }
  let out: Outgoing | null = null;
  if (segments.length === 1) {
    const link = store.linkByAlias(alias);
    if (link && usable(store, link)) out = await followLink(store, link, req, url.searchParams);
  } else if (segments.length === 2 && segments[0] === 'qr') {
    out = await scanQr(store, alias, req);
  } else if (segments.length === 2 && segments[0] === 'r') {
    out = await rotate(store, alias, req, url.searchParams);
  }
  return out ?? notFound(url.pathname);
}
