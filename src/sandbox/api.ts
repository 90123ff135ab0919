// The /api pipeline, in the order a deployed server applies it:
// rate limit -> route (HTML 404/405) -> key (403) -> body size (413) -> JSON -> handler.
import type { IncomingMessage } from 'node:http';
import { fail, htmlPage, phpJson, type Reply } from './format.js';
import { type BodyRead, htmlOut, jsonOut, type Outgoing } from './http-io.js';
import { handleLegacy, renderLegacy } from './legacy.js';
import { LEGACY_PREFIX, parseLegacyPath } from './legacy-path.js';
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
}

export interface ApiOutcome {
  out: Outgoing;
  api: 'modern' | 'legacy';
  authorized: boolean;
  rateLimited: boolean;
}

function bearerKey(req: IncomingMessage): string {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m ? m[1] : '';
}

function notFoundPage(url: URL): Outgoing {
  return htmlOut(404, htmlPage(404, 'Not Found', `The page ${url.pathname} could not be found on this server.`));
}

function rateLimited(deps: ApiDeps, retryAfter: number, headers: Record<string, string>): Outgoing {
  if (deps.rateLimitStatus === 429) {
    return { status: 429, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(retryAfter) }, text: 'Too Many Requests\n' };
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

function replyOut(reply: Reply, headers: Record<string, string>): Outgoing {
  return jsonOut(reply.status ?? 200, phpJson(reply.body), headers);
}

function answerModern(deps: ApiDeps, req: IncomingMessage, url: URL, body: BodyRead, headers: Record<string, string>): Outgoing {
  const method = req.method ?? 'GET';
  const match = deps.router.match(method, url.pathname.slice('/api'.length));
  if (match.kind === 'not-found') return notFoundPage(url);
  if (match.kind === 'method-not-allowed') {
    const detail = `${method} is not allowed on ${url.pathname}; allowed: ${match.allowed.join(', ')}.`;
    return htmlOut(405, htmlPage(405, 'Method Not Allowed', detail), { ...headers, Allow: match.allowed.join(', ') });
  }
  if (bearerKey(req) !== deps.apiKey) return jsonOut(403, phpJson({ error: 1, message: MESSAGES.badKey }), headers);
  if (body.kind === 'too-large') {
    return jsonOut(413, phpJson({ error: 1, message: `Request body is too large (limit ${deps.maxBodyBytes} bytes).` }), headers);
  }
  const parsed: ParsedBody = method === 'POST' || method === 'PUT' ? parseJsonObject(body.text) : { ok: true, body: {} };
  if (!parsed.ok) return replyOut(parsed.reply, headers);
  try {
    const reply = match.handler({ params: match.params, query: url.searchParams, body: parsed.body, store: deps.store });
    return replyOut(reply, headers);
  } catch (err) {
    if (err instanceof AppError) return replyOut(fail(err.message), headers);
    return jsonOut(500, phpJson({ error: 1, message: `Internal sandbox error: ${(err as Error).message}` }), headers);
  }
}

export function answerApi(deps: ApiDeps, req: IncomingMessage, url: URL, body: BodyRead): ApiOutcome {
  const legacy = url.pathname.startsWith(LEGACY_PREFIX) ? parseLegacyPath(url.pathname) : null;
  const api = url.pathname.startsWith(LEGACY_PREFIX) ? 'legacy' : 'modern';
  const key = api === 'legacy' ? (legacy?.key ?? '') : bearerKey(req);
  const authorized = key === deps.apiKey;
  const decision = deps.limiter.take(key);
  const headers = decision.headers;
  const outcome = (out: Outgoing, rateLimitedFlag = false): ApiOutcome => ({
    out: { ...out, headers: { ...headers, ...out.headers } },
    api,
    authorized,
    rateLimited: rateLimitedFlag,
  });
  if (!decision.allowed) return outcome(rateLimited(deps, decision.retryAfter, headers), true);
  if (api === 'modern') return outcome(answerModern(deps, req, url, body, headers));

  if (!legacy || req.method !== 'GET') {
    return outcome(legacy ? htmlOut(405, htmlPage(405, 'Method Not Allowed', 'The legacy interface only answers GET.'), { Allow: 'GET' }) : notFoundPage(url));
  }
  const render = (status: number, code: number, message: string) => {
    const r = renderLegacy(legacy.format, status, code, { message });
    return { status: r.status, headers: { 'Content-Type': r.contentType }, text: r.text };
  };
  if (!authorized) return outcome(render(403, 403, MESSAGES.badKey));
  try {
    const reply = handleLegacy(legacy, deps.store);
    if (!reply) return outcome(notFoundPage(url));
    return outcome({ status: reply.status, headers: { 'Content-Type': reply.contentType }, text: reply.text });
  } catch (err) {
    return outcome(render(500, 500, `Internal sandbox error: ${(err as Error).message}`));
  }
}
