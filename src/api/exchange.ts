// One HTTP exchange on Node's own client, and the keep-alive agents a run reuses for them.
import * as http from 'node:http';
import { PROXY_REFUSED } from './network-error.js';
import { proxyFor, proxyRoute } from './proxy.js';
import { MAX_BODY_BYTES } from '../util/read-bounded.js';

export interface Route {
  agent: http.Agent;
  /** The proxy the requests go through, credentials masked; undefined for a direct connection. */
  proxy?: string;
}

export interface RawRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The largest answer read (the one cap on a body, request or answer). */
export const MAX_ANSWER_BYTES = MAX_BODY_BYTES;

/** Set on the failure of an answer that passed MAX_ANSWER_BYTES. */
export const ANSWER_TOO_LARGE = 'ERR_SHORTY_ANSWER_TOO_LARGE';

export interface RawResponse {
  status: number;
  /** Lower-cased names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  text: string;
}

/** node:https brings node:tls and node:crypto (~3 ms): only a run with an https URL loads it. */
function httpsModule() {
  return process.getBuiltinModule('node:https');
}

/**
 * One route (direct or through a proxy, with its socket pool) per origin, for the whole run.
 * `onSecret` learns the proxy's credentials, which no output may show.
 */
export function createRoutes(onSecret: (secret: string) => void = () => {}) {
  const routes = new Map<string, Promise<Route>>();
  return {
    routeFor(url: URL): Promise<Route> {
      let route = routes.get(url.origin);
      if (!route) {
        route = openRoute(url, onSecret);
        routes.set(url.origin, route);
      }
      return route;
    },
    /** Closes every socket, idle or not: the run is over. */
    async destroy(): Promise<void> {
      const opened = await Promise.all([...routes.values()].map((route) => route.catch(() => undefined)));
      for (const route of opened) route?.agent.destroy();
      routes.clear();
    },
  };
}

async function openRoute(url: URL, onSecret: (secret: string) => void): Promise<Route> {
  const proxy = await proxyFor(url);
  if (proxy) {
    const { agent, shown, secrets } = await proxyRoute(proxy, url);
    secrets.forEach(onSecret);
    return { agent, proxy: shown };
  }
  const Agent = url.protocol === 'https:' ? httpsModule().Agent : http.Agent;
  return { agent: new Agent({ keepAlive: true, maxSockets: 8 }) };
}

/**
 * Sends the request and reads the whole answer, up to MAX_ANSWER_BYTES. Settles once: with the
 * answer, with the socket's error (or ANSWER_TOO_LARGE), or with `signal.reason` the moment the
 * signal aborts. On any failure the request and its socket are destroyed.
 */
export function exchange(url: URL, req: RawRequest, route: Route, signal: AbortSignal): Promise<RawResponse> {
  const client = url.protocol === 'https:' ? httpsModule() : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      done();
    };
    const fail = (err: unknown) =>
      settle(() => {
        request.destroy();
        reject(err);
      });
    const onAbort = () => fail(signal.reason);

    const request = client.request(url, { method: req.method, headers: req.headers, agent: route.agent });
    // https-proxy-agent reports the proxy's answer to CONNECT here; on a refusal it then hands
    // that answer to the request as if the server had sent it.
    let refusedWith: number | undefined;
    request.on('proxyConnect', (answer: { statusCode?: number }) => {
      if (answer.statusCode !== undefined && answer.statusCode !== 200) refusedWith = answer.statusCode;
    });
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      // 407 comes from a proxy only (a forwarding proxy answers it in place of the server).
      if (refusedWith !== undefined || (route.proxy && status === 407)) {
        return fail(
          Object.assign(new Error('the proxy refused the request'), {
            code: PROXY_REFUSED,
            status: refusedWith ?? status,
          }),
        );
      }
      const tooLarge = () =>
        fail(
          Object.assign(new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`), { code: ANSWER_TOO_LARGE }),
        );
      if (Number(res.headers['content-length']) > MAX_ANSWER_BYTES) return tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) return tooLarge();
        chunks.push(chunk);
      });
      res.on('end', () =>
        settle(() =>
          resolve({ status, headers: flattenHeaders(res.headers), text: Buffer.concat(chunks).toString('utf8') }),
        ),
      );
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete)
          fail(
            Object.assign(new Error('the connection closed before the answer was complete'), { code: 'ECONNRESET' }),
          );
      });
    });
    request.on('error', fail);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    request.end(req.body);
  });
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
