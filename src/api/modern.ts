import { ApiError, AuthError } from '../errors.js';
import type { Connection } from './connection.js';
import type { HttpResponse } from './http.js';
import { checkUsable, MODERN_ANSWER } from './unusable.js';

/** What `send` resolves with: the answer as received (status, headers, text, parsed JSON). */
export type { HttpResponse } from './http.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  query?: Query;
  body?: unknown;
}

export interface ModernApi {
  /** Calls `{base_url}/api{path}`; resolves with the JSON body when its `error` says success. */
  call<T = Record<string, unknown>>(method: Method, path: string, opts?: CallOptions): Promise<T>;
  /** Like call(), but resolves with the whole response (for `shorty api`). Still throws for
   * auth, HTML and network failures, which no caller can use. */
  send(method: Method, path: string, opts?: CallOptions): Promise<HttpResponse>;
  /** Replaces the key in any text with `***` (for printing what a server sent back). */
  redact(text: string): string;
}

export function createModernApi({ baseUrl, apiKey, transport }: Connection): ModernApi {

  async function send(method: Method, path: string, opts: CallOptions = {}): Promise<HttpResponse> {
    const url = buildUrl(`${baseUrl}/api`, path, opts.query);
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await transport.send({ method, url, headers, body });
    checkTransportLevel(res, `${method} ${transport.redact(url)}`);
    return res;
  }

  return {
    send,
    redact: transport.redact,
    async call<T>(method: Method, path: string, opts?: CallOptions): Promise<T> {
      const res = await send(method, path, opts);
      return checkBody(res) as T;
    },
  };
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
function checkTransportLevel(res: HttpResponse, shown: string): void {
  const body = res.json as { message?: unknown } | undefined;
  if (res.status === 401 || res.status === 403) {
    const message = typeof body?.message === 'string' ? body.message : `HTTP ${res.status}`;
    throw new AuthError(`authentication failed: ${message}`, 'check the key: `shorty login`, or SHORTY_API_KEY');
  }
  checkUsable(res, body !== undefined, shown, MODERN_ANSWER);
}

/** Decides success from the body's `error`, never from the status alone (servers send errors with 200). */
export function checkBody(res: HttpResponse): Record<string, unknown> {
  const body = res.json;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(`unexpected response from the server (HTTP ${res.status})`, { status: res.status });
  }
  const obj = body as Record<string, unknown>;
  if (isErrorFlag(obj.error)) {
    const message = typeof obj.message === 'string' && obj.message ? obj.message : `the API reported an error (HTTP ${res.status})`;
    if (KEY_MESSAGE.test(message)) throw new AuthError(message, 'check the key: `shorty login`, or SHORTY_API_KEY');
    throw new ApiError(message, { status: res.status });
  }
  if (res.status >= 400) throw new ApiError(`HTTP ${res.status} from the server`, { status: res.status });
  return obj;
}
