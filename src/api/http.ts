import type { Context } from '../context.js';
import type { Settings } from '../settings/types.js';
import { CancelError, NetworkError, RateLimitError } from '../errors.js';
import type { Limiter } from './limiter.js';
import { curlLine } from './curl.js';
import { redactor } from './redact.js';
import { requestSignal } from './request-signal.js';

export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** false: never retried on network errors or 5xx, even as a GET (legacy create is a GET that
   * creates a link: a retry after a lost answer would create it twice). Default: GET and HEAD. */
  retry?: boolean;
}

export interface HttpResponse {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json?: unknown;
  contentType: string;
}

export interface Transport {
  send(req: HttpRequest): Promise<HttpResponse>;
  /** Replaces the key in any text (URLs, messages) with `***`. */
  redact(text: string): string;
  close(): Promise<void>;
}

const MAX_RETRIES = 3;

/** Loads undici, without connecting anywhere (see keepMemoryFlat in bulk/memory.ts). */
export async function loadHttpClient(): Promise<void> {
  await import('undici');
}

/**
 * The one way shorty talks HTTP: every request takes a slot from the limiter, is logged under
 * --debug with the key redacted, and is retried where the contract allows it (GETs on network
 * errors and 5xx; any method on a rate-limit answer, since the server created nothing).
 */
export async function createTransport(ctx: Context, settings: Settings, limiter: Limiter): Promise<Transport> {
  const { Agent, request } = await import('undici');
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
  const redact = redactor(settings.apiKey);
  // SHORTY_DEBUG=curl adds a replayable curl line per request (the key as $SHORTY_API_KEY).
  const curl = ctx.env.SHORTY_DEBUG === 'curl';
  const debugOn = settings.debug || curl;
  const debug = (line: string) => {
    if (debugOn) ctx.io.stderr.write(`${redact(line)}\n`);
  };

  async function once(req: HttpRequest, idempotent: boolean): Promise<HttpResponse> {
    const { signal, timedOut, dispose } = requestSignal(ctx.signal, settings.timeoutMs);
    const started = ctx.now();
    debug(`> ${req.method} ${req.url}`);
    if (curl) debug(curlLine(req, settings.apiKey));
    try {
      const res = await request(req.url, {
        method: req.method as 'GET',
        headers: { 'user-agent': 'shorty-cli', accept: 'application/json', ...req.headers },
        body: req.body,
        dispatcher,
        signal,
      });
      const text = await res.body.text();
      const headers = flattenHeaders(res.headers);
      const contentType = headers['content-type'] ?? '';
      debug(`< ${res.statusCode} ${req.method} ${req.url} ${ctx.now() - started}ms${rateHeaders(headers)}`);
      return { status: res.statusCode, headers, text, json: parseJson(text), contentType };
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason instanceof CancelError ? ctx.signal.reason : new CancelError();
      // A write whose answer was lost may still have been carried out: say so, since we won't retry it.
      const lostWrite = !idempotent && (timedOut() || !neverSent(err));
      const checkFirst = 'the server may have carried it out: check before sending it again';
      if (timedOut()) {
        throw new NetworkError(`request timed out after ${settings.timeoutMs / 1000}s: ${req.method} ${redact(req.url)}`,
          lostWrite ? checkFirst : 'raise it with --timeout <seconds> or SHORTY_TIMEOUT');
      }
      const unreachable = neverSent(err) ? 'is the service up? check the base URL (--base-url, SHORTY_BASE_URL or `shorty config get base-url`)' : undefined;
      throw new NetworkError(`${describeNetworkError(err)}: ${req.method} ${redact(req.url)}`, lostWrite ? checkFirst : unreachable);
    } finally {
      dispose();
    }
  }

  async function send(req: HttpRequest): Promise<HttpResponse> {
    const idempotent = req.retry ?? (req.method === 'GET' || req.method === 'HEAD');
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      await limiter.acquire(ctx.signal);
      let res: HttpResponse;
      try {
        res = await once(req, idempotent);
      } catch (err) {
        // The attempt is over even without an answer: the limiter closes its slot.
        await limiter.observe({});
        if (err instanceof NetworkError && idempotent && !/timed out/.test(err.message) && failures < MAX_RETRIES) {
          await ctx.sleep(backoffMs(failures++), ctx.signal);
          continue;
        }
        throw err;
      }
      await limiter.observe(res.headers);
      if (isRateLimited(res)) {
        if (rateLimited >= MAX_RETRIES) {
          throw new RateLimitError(`rate limit: the server still refused after ${MAX_RETRIES} retries`,
            'lower the client cap with --rate-limit or SHORTY_RATE_LIMIT');
        }
        rateLimited += 1;
        await limiter.backoff(retryAfterMs(res), ctx.signal);
        continue;
      }
      if (res.status >= 500 && idempotent && failures < MAX_RETRIES) {
        await ctx.sleep(backoffMs(failures++), ctx.signal);
        continue;
      }
      return res;
    }
  }

  return {
    send,
    redact,
    close: async () => {
      await limiter.close?.();
      // Every request is answered by now: closing the idle sockets is housekeeping that the
      // process's exit does as well. So it is left for the next turn of the event loop, which a
      // CLI run ends before (no wait for the FIN exchange, ~3 ms; and Node's socket destroy
      // creates process.stderr, ~1.5 ms), while a long-lived caller (tests) still gets it.
      setImmediate(() => void dispatcher.close().catch(() => {}));
    },
  };
}

function backoffMs(attempt: number): number {
  return 250 * 2 ** attempt;
}

/** HTTP 429, or the deployed servers' HTTP 200 with body `error: 429`. */
export function isRateLimited(res: HttpResponse): boolean {
  if (res.status === 429) return true;
  const body = res.json as { error?: unknown } | undefined;
  return body !== undefined && body !== null && typeof body === 'object' && Number(body.error) === 429;
}

/** Retry-After as a body key (deployed servers) or a header (proxies), in ms. */
export function retryAfterMs(res: HttpResponse): number | undefined {
  const body = res.json as Record<string, unknown> | undefined;
  const raw = (body && typeof body === 'object' ? body['Retry-After'] ?? body['retry-after'] : undefined) ?? res.headers['retry-after'];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(String(raw));
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseJson(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function rateHeaders(h: Record<string, string>): string {
  const parts = [
    ['limit', h['x-ratelimit-limit']],
    ['remaining', h['x-ratelimit-remaining']],
    ['reset', h['x-ratelimit-reset']],
  ].filter(([, v]) => v !== undefined);
  return parts.length ? ` ratelimit ${parts.map(([k, v]) => `${k}=${v}`).join(' ')}` : '';
}

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

/** Failures before the request could reach the server. */
function neverSent(err: unknown): boolean {
  return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT'].includes(errorCode(err) ?? '');
}

function describeNetworkError(err: unknown): string {
  const e = err as { message?: string };
  const code = errorCode(err);
  switch (code) {
    case 'ECONNREFUSED': return 'connection refused';
    case 'ENOTFOUND': case 'EAI_AGAIN': return 'host not found';
    case 'ECONNRESET': case 'UND_ERR_SOCKET': return 'connection reset by the server';
    case 'UND_ERR_CONNECT_TIMEOUT': return 'could not connect (timeout)';
    default: return `network error (${code ?? e?.message ?? 'unknown'})`;
  }
}
