import { ApiError, AuthError, UnusableResponseError } from '../errors.js';
import type { Connection } from './connection.js';
import { denialError, isRefusalReason, KEY_HINT } from './denial.js';
import type { HttpResponse } from './http.js';
import type { RateSnapshot, WaitScope } from './limiter.js';
import { withNumbers } from './numbers.js';
import { checkUsable, MODERN_ANSWER } from './unusable.js';

/** What `send` resolves with: the answer as received (status, headers, text, parsed JSON). */
export type { HttpResponse } from './http.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  query?: Query;
  body?: unknown;
  /** See HttpRequest.beforeSend. */
  beforeSend?: () => Promise<void>;
  /** See HttpRequest.scope. */
  scope?: WaitScope;
}

export interface ModernApi {
  /** Calls `{base_url}/api{path}`; resolves with the JSON body when its `error` says success,
   * its numeric fields as numbers whatever form they arrived in (see numbers.ts). */
  call<T = Record<string, unknown>>(method: Method, path: string, opts?: CallOptions): Promise<T>;
  /** Like call(), but resolves with the whole response (for `shorty api`). Still throws for
   * auth, HTML and network failures, which no caller can use. */
  send(method: Method, path: string, opts?: CallOptions): Promise<HttpResponse>;
  /** The rate budget left, from the limiter this client's requests go through (no request). */
  rateBudget(): Promise<RateSnapshot>;
}

export function createModernApi({ baseUrl, apiKey, transport }: Connection): ModernApi {
  /** The answer, and the redaction for messages made from it (the run's secrets and the request's). */
  async function exchange(method: Method, path: string, opts: CallOptions = {}) {
    const url = buildUrl(`${baseUrl}/api`, path, opts.query);
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const secrets = bodySecrets(opts.body);
    const redact = (text: string) => transport.redact(text, secrets);
    const res = await transport.send({
      method,
      url,
      headers,
      body,
      secrets,
      beforeSend: opts.beforeSend,
      scope: opts.scope,
    });
    checkTransportLevel(res, `${method} ${redact(url)}`, redact);
    return { res, redact };
  }

  return {
    send: async (method, path, opts) => (await exchange(method, path, opts)).res,
    rateBudget: () => transport.rateBudget(),
    async call<T>(method: Method, path: string, opts?: CallOptions): Promise<T> {
      const { res, redact } = await exchange(method, path, opts);
      try {
        return withNumbers(checkBody(res, redact)) as T;
      } catch (err) {
        // A body nested deeper than the stack (a hostile or broken server): no answer of the API's.
        if (!(err instanceof RangeError)) throw err;
        throw new UnusableResponseError(`the answer to ${method} ${redact(path)} is nested too deeply to read`, {
          status: res.status,
        });
      }
    },
  };
}

/** A password in a request body (a link's, the account's): a server may echo it in its answer. */
function bodySecrets(body: unknown): string[] {
  const password = body !== null && typeof body === 'object' ? (body as { password?: unknown }).password : undefined;
  return typeof password === 'string' ? [password] : [];
}

export function buildUrl(base: string, path: string, query?: Query): string {
  const url = new URL(base + (path.startsWith('/') ? path : `/${path}`));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** `error` arrives as 0, "0", 1, "1", true or 429 depending on the server: success is 0/"0"/false/absent. */
export function isErrorFlag(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value === true) return true;
  const n = Number(value);
  return Number.isNaN(n) ? String(value).length > 0 : n !== 0;
}

const KEY_MESSAGE = /api key|unauthori[sz]ed|forbidden/i;

/** Failures that no command can use: auth, then anything that is not the API's JSON. `shown`: `METHOD url`, redacted. */
function checkTransportLevel(res: HttpResponse, shown: string, redact: (text: string) => string): void {
  const body = res.json as { message?: unknown } | undefined;
  if (res.status === 401 || res.status === 403) {
    throw denialError(typeof body?.message === 'string' ? redact(body.message) : undefined, res.status);
  }
  checkUsable(res, body !== undefined, shown, MODERN_ANSWER);
}

/**
 * Decides success from the body's `error`, never from the status alone (servers send errors with
 * 200). A server's message goes through `redact`: servers echo keys and passwords in them.
 */
export function checkBody(
  res: HttpResponse,
  redact: (text: string) => string = (text) => text,
): Record<string, unknown> {
  const body = res.json;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(`unexpected response from the server (HTTP ${res.status})`, { status: res.status });
  }
  const obj = body as Record<string, unknown>;
  if (isErrorFlag(obj.error)) {
    const message =
      typeof obj.message === 'string' && obj.message
        ? redact(obj.message)
        : `the API reported an error (HTTP ${res.status})`;
    if (isRefusalReason(message)) throw denialError(message, res.status);
    if (KEY_MESSAGE.test(message)) throw new AuthError(message, KEY_HINT, message);
    throw new ApiError(message, { status: res.status });
  }
  if (res.status >= 400) throw new ApiError(`HTTP ${res.status} from the server`, { status: res.status });
  return obj;
}
