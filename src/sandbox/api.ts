// The /api pipeline, in the order a deployed server applies it:
// rate limit -> route (HTML 404/405) -> key and account (403) -> body size (413) -> JSON -> handler.
import type { IncomingMessage } from 'node:http';
import type { Denial } from './faults.js';
import type { Flavor } from './flavor.js';
import { fail, htmlPage, phpJson, type Reply } from './format.js';
import { type BodyRead, htmlOut, jsonOut, type Outgoing } from './http-io.js';
import { handleLegacy, legacyRenderer } from './legacy.js';
import { LEGACY_PREFIX, type LegacyRequest, parseLegacyPath } from './legacy-path.js';
import type { RateLimiter } from './rate-limit.js';
import type { Router } from './router.js';
import type { Store } from './store.js';
import { AppError, MESSAGES } from './validate.js';

export interface ApiDeps {
  store: Store;
  router: Router;
  limiter: RateLimiter;
  apiKey: string;
  /** 200: the deployed servers' body `{"error":429,...}`; 429: a proxy's plain HTTP 429 */
  rateLimitStatus: 200 | 429;
  maxBodyBytes: number;
  flavor: Flavor;
}

export interface ApiOutcome {
  out: Outgoing;
  api: 'modern' | 'legacy';
  authorized: boolean;
  rateLimited: boolean;
}

function headerKey(deps: ApiDeps, req: IncomingMessage): string {
  return deps.flavor.keyFromAuthorization(req.headers.authorization ?? '');
}

/** A denial that applies now: "API service is disabled." even to a wrong key, the others to the right one. */
function denialFor(denial: Denial | undefined, authorized: boolean): string | null {
  return denial && (denial.beforeKey || authorized) ? denial.message : null;
}

function notFoundPage(url: URL): Outgoing {
  return htmlOut(404, htmlPage(404, 'Not Found', `The page ${url.pathname} could not be found on this server.`));
}

function rateLimited(deps: ApiDeps, retryAfter: number, headers: Record<string, string>): Outgoing {
  if (deps.rateLimitStatus === 429) {
    return {
      status: 429,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(retryAfter) },
      text: 'Too Many Requests\n',
    };
  }
  return jsonOut(200, phpJson({ error: 429, message: MESSAGES.tooMany, 'Retry-After': retryAfter }), headers);
}

type ParsedBody = { ok: true; body: Record<string, unknown> } | { ok: false; reply: Reply };

/** An empty body is `{}`; anything but a JSON object is an application error. */
function parseJsonObject(text: string): ParsedBody {
  if (text.trim() === '') return { ok: true, body: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reply: fail('Malformed JSON body.') };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { ok: false, reply: fail('The request body must be a JSON object.') };
  }
  return { ok: true, body: parsed as Record<string, unknown> };
}

function replyOut(reply: Reply): Outgoing {
  return jsonOut(reply.status ?? 200, phpJson(reply.body));
}

function answerModern(
  deps: ApiDeps,
  req: IncomingMessage,
  url: URL,
  body: BodyRead,
  denial: Denial | undefined,
): Outgoing {
  const method = req.method ?? 'GET';
  const match = deps.router.match(method, url.pathname.slice('/api'.length));
  if (match.kind === 'not-found') return notFoundPage(url);
  if (match.kind === 'method-not-allowed') {
    const detail = `${method} is not allowed on ${url.pathname}; allowed: ${match.allowed.join(', ')}.`;
    return htmlOut(405, htmlPage(405, 'Method Not Allowed', detail), { Allow: match.allowed.join(', ') });
  }
  const authorized = headerKey(deps, req) === deps.apiKey;
  const denied = denialFor(denial, authorized);
  if (denied !== null) return jsonOut(403, phpJson({ error: 1, message: denied }));
  if (!authorized) return jsonOut(403, phpJson({ error: 1, message: MESSAGES.badKey }));
  if (body.kind === 'too-large') {
    return jsonOut(
      413,
      phpJson({ error: 1, message: `Request body is too large (limit ${deps.maxBodyBytes} bytes).` }),
    );
  }
  const parsed: ParsedBody =
    method === 'POST' || method === 'PUT' ? parseJsonObject(body.text) : { ok: true, body: {} };
  if (!parsed.ok) return replyOut(parsed.reply);
  try {
    const reply = match.handler({
      params: match.params,
      query: url.searchParams,
      body: parsed.body,
      store: deps.store,
      flavor: deps.flavor,
    });
    return replyOut(reply);
  } catch (err) {
    if (err instanceof AppError) return replyOut(fail(err.message));
    return jsonOut(500, phpJson({ error: 1, message: `Internal sandbox error: ${(err as Error).message}` }));
  }
}

function answerLegacy(
  deps: ApiDeps,
  req: IncomingMessage,
  url: URL,
  legacy: LegacyRequest,
  authorized: boolean,
  denial: Denial | undefined,
): Outgoing {
  // Some deployments name the caller and the time in the XML root element.
  const client = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const unixTime = Math.floor(deps.store.now().getTime() / 1000);
  const render = legacyRenderer(legacy.format, (response) => deps.flavor.legacyXml(response, client, unixTime));
  const asOutgoing = (r: ReturnType<typeof render>): Outgoing => ({
    status: r.status,
    headers: { 'Content-Type': r.contentType },
    text: r.text,
  });
  const denied = denialFor(denial, authorized);
  if (denied !== null) return asOutgoing(render(403, 403, { message: denied }));
  if (!authorized) return asOutgoing(render(403, 403, { message: MESSAGES.badKey }));
  try {
    const reply = handleLegacy(legacy, deps.store, render);
    return reply ? asOutgoing(reply) : notFoundPage(url);
  } catch (err) {
    return asOutgoing(render(500, 500, { message: `Internal sandbox error: ${(err as Error).message}` }));
  }
}

/** `denial`: an injected 403 (see faults.ts) this request answers instead, once past the rate limit. */
export function answerApi(deps: ApiDeps, req: IncomingMessage, url: URL, body: BodyRead, denial?: Denial): ApiOutcome {
  const legacy = url.pathname.startsWith(LEGACY_PREFIX) ? parseLegacyPath(url.pathname) : null;
  const api = url.pathname.startsWith(LEGACY_PREFIX) ? 'legacy' : 'modern';
  const key = api === 'legacy' ? (legacy?.key ?? '') : headerKey(deps, req);
  const authorized = key === deps.apiKey;
  const decision = deps.limiter.take(key);
  const headers = decision.headers;
  const outcome = (out: Outgoing, rateLimitedFlag = false): ApiOutcome => {
    const type = out.headers['Content-Type'];
    return {
      out: {
        ...out,
        headers: { ...headers, ...out.headers, ...(type ? { 'Content-Type': deps.flavor.contentType(type) } : {}) },
      },
      api,
      authorized,
      rateLimited: rateLimitedFlag,
    };
  };
  if (!decision.allowed) return outcome(rateLimited(deps, decision.retryAfter, headers), true);
  if (api === 'modern') return outcome(answerModern(deps, req, url, body, denial));
  if (!legacy || req.method !== 'GET') {
    return outcome(
      legacy
        ? htmlOut(405, htmlPage(405, 'Method Not Allowed', 'The legacy interface only answers GET.'), { Allow: 'GET' })
        : notFoundPage(url),
    );
  }
  return outcome(answerLegacy(deps, req, url, legacy, authorized, denial));
}
