import type { IO } from '../io.js';
import type { Settings } from '../settings/types.js';
import type { Secrets } from '../util/secrets.js';
import type { Clock } from '../util/sleep.js';
import { CancelError, NetworkError, RateLimitError, UnusableResponseError } from '../errors.js';
import { forTerminal } from '../util/terminal-text.js';
import type { Limiter, RateSnapshot, WaitScope } from './limiter.js';
import { curlLine, keyExpression } from './curl.js';
import { ANSWER_TOO_LARGE, createRoutes, exchange, MAX_ANSWER_BYTES } from './exchange.js';
import { errorCode, isTransient, timeoutError, toNetworkError } from './network-error.js';
import { maskRequestSecrets } from './redact.js';
import { requestSignal } from './request-signal.js';
import { MAX_SERVER_WAIT_MS, parseReset } from './rate-window.js';
import { withinMessageSize } from '../util/message-size.js';

export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** false: never retried on network errors or 5xx, even as a GET (legacy create is a GET that
   * creates a link: a retry after a lost answer would create it twice). Default: GET and HEAD. */
  retry?: boolean;
  /** Secrets of this request alone (a password in its body): hidden in its debug lines and in
   * every message made from its answer, like the run's own secrets. */
  secrets?: readonly string[];
  /** Runs once the limiter grants each try, right before it goes on the wire (a bulk run's
   * write-ahead journal record); a failure stops the request unsent. */
  beforeSend?: () => Promise<void>;
  /** The terms of the call this request is part of, for its waits (see WaitScope). */
  scope?: WaitScope;
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
  /** Replaces the run's secrets (the key first), and `extra` (one request's), in any text with `***`. */
  redact(text: string, extra?: readonly string[]): string;
  /** The limiter's budget, read through the store it already has. */
  rateBudget(): Promise<RateSnapshot>;
  close(): Promise<void>;
}

/** What a transport needs of the run: settings, the limiter, Ctrl-C, the clock, stderr for --debug
 * and warnings, and the run's secrets (it adds the key and proxy credentials; every line it writes hides them). */
export interface TransportDeps extends Clock {
  settings: Settings;
  limiter: Limiter;
  secrets: Secrets;
  /** Aborted by Ctrl-C: ends every request in flight and every wait. */
  signal: AbortSignal;
  io: Pick<IO, 'stderr'>;
}

const MAX_RETRIES = 3;

/**
 * The one way shorty talks HTTP: every request takes a slot from the limiter, is logged under
 * --debug with the key redacted, and is retried where the contract allows it (GETs on network
 * errors and 5xx; any method on a rate-limit answer, since the server created nothing).
 * Redirects are never followed: the Authorization header (or the key in a legacy path) must not
 * go wherever a server points.
 */
export async function createTransport(ctx: TransportDeps): Promise<Transport> {
  const { settings, limiter } = ctx;
  ctx.secrets.add(settings.apiKey);
  const routes = createRoutes((secret) => ctx.secrets.add(secret));
  const redact = (text: string, extra?: readonly string[]) => ctx.secrets.redact(text, extra);
  // SHORTY_DEBUG=curl adds a replayable curl line per request (the key as a shell expression).
  const curl = Boolean(settings.curl);
  const debugOn = settings.debug || curl;
  const warned = new Set<string>();
  /** Said once per run: a server that is wrong is wrong on every answer. */
  const warnOnce = (kind: string, text: string) => {
    if (warned.has(kind)) return;
    warned.add(kind);
    ctx.io.stderr.write(`warning: ${forTerminal(withinMessageSize(redact(text)))}\n`);
  };

  async function once(req: HttpRequest, idempotent: boolean): Promise<HttpResponse> {
    const url = new URL(req.url);
    const route = await routes.routeFor(url);
    const { signal, timedOut, dispose } = requestSignal(ctx.signal, settings.timeoutMs);
    const started = ctx.now();
    // Request lines: secrets as `***`, passwords masked by place too, server text made harmless.
    const shown = (text: string) => maskRequestSecrets(redact(text, req.secrets));
    const debug = (line: string) => {
      if (debugOn) ctx.io.stderr.write(`${forTerminal(shown(line))}\n`);
    };
    debug(`> ${req.method} ${req.url}${route.proxy ? ` via proxy ${route.proxy}` : ''}`);
    if (curl) debug(curlLine(req, settings.apiKey, keyExpression(settings)));
    try {
      const headers = { 'user-agent': 'shorty-cli', accept: 'application/json', ...req.headers };
      const res = await exchange(url, { method: req.method, headers, body: req.body }, route, signal);
      const contentType = res.headers['content-type'] ?? '';
      debug(`< ${res.status} ${req.method} ${req.url} ${ctx.now() - started}ms${rateHeaders(res.headers)}`);
      return { ...res, json: parseJson(res.text), contentType };
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason instanceof CancelError ? ctx.signal.reason : new CancelError();
      if (errorCode(err) === ANSWER_TOO_LARGE) {
        throw new UnusableResponseError(
          `the answer to ${req.method} ${shown(req.url)} is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, ` +
            'the most shorty reads; it stopped reading',
          { hint: "is the base URL the API's? a list answer is far smaller than that" },
        );
      }
      const failed = {
        method: req.method,
        url: shown(req.url),
        host: url.host,
        proxy: route.proxy,
        write: !idempotent,
      };
      throw timedOut() ? timeoutError(failed, settings.timeoutMs) : toNetworkError(err, failed);
    } finally {
      dispose();
    }
  }

  /** A wait the server asks for, within what a server is trusted for; a longer one is reported and ignored. */
  function serverWait(res: HttpResponse): number | undefined {
    const ms = retryAfterMs(res, ctx.now());
    if (ms === undefined || ms <= MAX_SERVER_WAIT_MS) return ms;
    warnOnce(
      'retry-after',
      `ignoring the server's Retry-After of ${shortValue(retryAfterRaw(res))} (${describeWait(ms)}, ` +
        "more than a day: a server fault); waiting by the client's own pace instead",
    );
    return undefined;
  }

  /** An X-RateLimit-Reset past a day is not learnt (see learnFromHeaders); it is said once. */
  function checkReset(res: HttpResponse): void {
    const raw = res.headers['x-ratelimit-reset'];
    const now = ctx.now();
    const reset = parseReset(raw, now);
    if (reset && reset.at - now > MAX_SERVER_WAIT_MS) {
      warnOnce(
        'reset',
        `ignoring the server's X-RateLimit-Reset of ${shortValue(raw)} (${describeWait(reset.at - now)} away, ` +
          'more than a day: a server fault)',
      );
    }
  }

  /**
   * Notes an attempt's end in the rate store. What the request came to (its answer, its error) is
   * what the caller gets even when the store fails here (Redis gone): an answer lost to it would
   * fail a command whose request the server carried out. The slot then stays open until it ages
   * out, and the next acquire meets the failed store before anything more is sent.
   */
  const closeSlot = (headers: Record<string, string>) => limiter.observe(headers).catch(() => {});

  async function send(req: HttpRequest): Promise<HttpResponse> {
    const idempotent = req.retry ?? (req.method === 'GET' || req.method === 'HEAD');
    let failures = 0;
    let rateLimited = 0;
    const { scope } = req;
    // The call's stop ends its waits, never a request on the wire: what was sent gets its answer.
    const waits = scope?.signal ? AbortSignal.any([ctx.signal, scope.signal]) : ctx.signal;
    for (;;) {
      if (waits.aborted) throw waits.reason;
      await limiter.acquire(waits, scope);
      let res: HttpResponse;
      try {
        await req.beforeSend?.();
      } catch (err) {
        await closeSlot({});
        throw err;
      }
      try {
        res = await once(req, idempotent);
      } catch (err) {
        // The attempt is over even without an answer: the limiter closes its slot.
        await closeSlot({});
        if (err instanceof NetworkError && idempotent && isTransient(err.kind) && failures < MAX_RETRIES) {
          await ctx.sleep(backoffMs(failures++), waits);
          continue;
        }
        throw err;
      }
      checkReset(res);
      await closeSlot(res.headers);
      if (res.status >= 300 && res.status < 400)
        throw notFollowed(req, res, (text) => maskRequestSecrets(redact(text, req.secrets)));
      if (isRateLimited(res)) {
        if (rateLimited >= MAX_RETRIES) {
          throw new RateLimitError(
            `rate limit: the server still refused after ${MAX_RETRIES} retries`,
            'lower the client cap with --rate-limit or SHORTY_RATE_LIMIT',
          );
        }
        rateLimited += 1;
        await limiter.backoff(serverWait(res), waits, scope);
        continue;
      }
      if (res.status >= 500 && idempotent && failures < MAX_RETRIES) {
        await ctx.sleep(backoffMs(failures++), waits);
        continue;
      }
      return res;
    }
  }

  return {
    send,
    redact,
    rateBudget: () => limiter.snapshot(),
    close: async () => {
      await limiter.close?.();
      await routes.destroy();
    },
  };
}

/**
 * A 3xx answer, as an error that names where the server points: exit 1 like any answer that is
 * not the API's, and a bulk run stops at it.
 */
export function notFollowed(
  req: HttpRequest,
  res: HttpResponse,
  redact: (text: string) => string,
): UnusableResponseError {
  const from = new URL(req.url);
  let to: URL | undefined;
  try {
    to = res.headers.location ? new URL(res.headers.location, from) : undefined;
  } catch {
    to = undefined;
  }
  const where = to
    ? `to ${redact(to.href)}`
    : res.headers.location
      ? `to ${redact(res.headers.location)}`
      : 'with no Location';
  const message = `the server redirected ${req.method} ${redact(req.url)} ${where} (HTTP ${res.status}); redirects are not followed`;
  const hint =
    from.protocol === 'http:' && to?.protocol === 'https:'
      ? 'the server wants https: use an https:// base URL (--base-url, SHORTY_BASE_URL or `shorty config set base-url`)'
      : 'if the service moved, point the base URL at its new address (--base-url, SHORTY_BASE_URL or `shorty config set base-url`)';
  return new UnusableResponseError(message, { status: res.status, hint });
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

function retryAfterRaw(res: HttpResponse): unknown {
  const body = res.json as Record<string, unknown> | undefined;
  return (
    (body && typeof body === 'object' ? (body['Retry-After'] ?? body['retry-after']) : undefined) ??
    res.headers['retry-after']
  );
}

/** Retry-After as a body key (deployed servers) or a header (proxies), in ms from `now`. */
export function retryAfterMs(res: HttpResponse, now: number): number | undefined {
  const raw = retryAfterRaw(res);
  if (raw === undefined || raw === null || raw === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(String(raw));
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** A server's value in a message: short, whatever it sent. */
function shortValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** `31.7 years`, `3 days`: how absurd a wait is, for people. */
function describeWait(ms: number): string {
  const days = ms / 86_400_000;
  if (!Number.isFinite(days)) return 'forever';
  return days >= 365 ? `${(days / 365.25).toFixed(1)} years` : `${days.toFixed(1)} days`;
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
