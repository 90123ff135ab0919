// The sandbox HTTP server: createSandbox() starts it in-process (tests) and command.ts wraps it
// for `shorty sandbox`. Every request is answered; no input can crash the process.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { ADMIN_PREFIX, handleAdmin } from './admin.js';
import { type ApiDeps, answerApi } from './api.js';
import { denialOf, Faults, type FaultMode } from './faults.js';
import { DEFAULT_FLAVOR, type FlavorName, flavorRules } from './flavor.js';
import { htmlPage } from './format.js';
import { htmlOut, jsonOut, type Outgoing, readBody, send } from './http-io.js';
import { redactLegacyPath } from './legacy-path.js';
import { createModernRouter } from './modern/index.js';
import { DEFAULT_RATE_LIMIT, parseRateLimit, RateLimiter, type RateLimitSpec } from './rate-limit.js';
import { handlePublic } from './redirects.js';
import { parseLoggedBody, RequestLog, type RequestLogEntry, type SandboxStats } from './request-log.js';
import { checkDataFile, FinalSaveError, seedState, Store, UnwritableDataError, type SaveListener } from './store.js';

export interface SandboxOptions {
  /** 0 (default) picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** default: the key kept in `dataFile`, else random `sk_` + 32 hex; with `dataFile`, kept there */
  apiKey?: string;
  /** `N/Ws` like `30/60s` (default), or a parsed spec */
  rateLimit?: string | RateLimitSpec;
  /** how past-cap requests are answered: 200 + `{"error":429,...}` (default) or a plain HTTP 429 */
  rateLimitStatus?: 200 | 429;
  /** JSON file to load at start and save (atomically) after every change */
  dataFile?: string;
  /** request body cap, default 1 MiB */
  maxBodyBytes?: number;
  /** clock for dates, expiry and the rate limit (ms since epoch); default Date.now */
  now?: () => number;
  /** the deployed version to imitate (see flavor.ts); default v7, the API as docs/api.md describes it */
  flavor?: FlavorName;
  /**
   * the origin of its short links when it is not the sandbox's own address: a short domain of the
   * service's own, or an API reached through a gateway (default: the address it listens on)
   */
  shortUrlBase?: string;
  /** told when saving `dataFile` fails, and when it works again */
  onSave?: SaveListener;
}

export interface Sandbox {
  /** base URL without `/api`, e.g. http://127.0.0.1:41234 */
  url: string;
  apiKey: string;
  port: number;
  store: Store;
  /** a fresh snapshot on every read */
  readonly stats: SandboxStats;
  requests(): RequestLogEntry[];
  close(): Promise<void>;
}

function randomApiKey(): string {
  return `sk_${randomBytes(16).toString('hex')}`;
}

/** The key a data file keeps (see SandboxState.apiKey); one edited into something unusable is an error. */
function keptKey(store: Store, dataFile: string | undefined): string | undefined {
  const kept: unknown = store.state.apiKey;
  if (kept === undefined || dataFile === undefined) return undefined;
  if (typeof kept !== 'string' || !/^\S{8,}$/.test(kept)) {
    throw new Error(
      `sandbox data file ${dataFile} holds an unusable apiKey (at least 8 characters, no spaces); fix it, or give one with --api-key`,
    );
  }
  return kept;
}

/** Wildcard hosts listen everywhere but are reached through loopback. */
function baseUrlFor(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** Applies a fault that replaces or mangles the normal answer; false when it lets it through. */
async function sendFaulted(
  res: ServerResponse,
  fault: { mode: FaultMode; delayMs: number },
  normal: () => Outgoing,
): Promise<boolean> {
  const { mode } = fault;
  if (mode === 'html500')
    send(res, htmlOut(500, htmlPage(500, 'Internal Server Error', 'The server encountered an error.')));
  else if (mode === 'html404')
    send(res, htmlOut(404, htmlPage(404, 'Not Found', 'The requested page could not be found.')));
  else if (mode === 'html502') {
    normal();
    send(res, htmlOut(502, htmlPage(502, 'Bad Gateway', 'The upstream server did not answer in time.')));
  } else if (mode === 'drop') res.destroy();
  else if (mode === 'lost') {
    normal();
    res.destroy();
  } else if (mode === 'late') {
    const out = normal();
    await delay(fault.delayMs);
    send(res, out);
  } else if (mode === 'empty') send(res, { status: 200, headers: { 'Content-Type': 'application/json' }, text: '' });
  else if (mode === 'truncated') {
    const out = normal();
    send(res, { ...out, text: out.text.slice(0, Math.floor(out.text.length / 2)) });
  } else if (mode === 'reset') {
    const out = normal();
    const body = Buffer.from(out.text);
    res.writeHead(out.status, { ...out.headers, 'Content-Length': String(body.length) });
    res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
  } else return false;
  return true;
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const spec =
    typeof options.rateLimit === 'object' ? options.rateLimit : parseRateLimit(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const now = options.now ?? Date.now;
  const host = options.host ?? '127.0.0.1';
  if (options.dataFile !== undefined) checkDataFile(options.dataFile);
  // Loaded only with a data file: a sandbox in memory needs no package at all.
  const writeFile = options.dataFile ? (await import('../util/atomic-write.js')).writeFileAtomicSync : undefined;
  const store = new Store({
    baseUrl: 'http://127.0.0.1',
    dataFile: options.dataFile,
    now,
    onSave: options.onSave,
    writeFile,
  });
  const log = new RequestLog();
  const faults = new Faults();
  const flavor = flavorRules(options.flavor ?? DEFAULT_FLAVOR);
  const apiKey = options.apiKey ?? keptKey(store, options.dataFile) ?? randomApiKey();
  // Kept in the file once the server listens: a start that fails (a port taken) writes nothing.
  const keyToKeep = options.dataFile !== undefined && store.state.apiKey !== apiKey;
  if (keyToKeep) store.state.apiKey = apiKey;
  const deps: ApiDeps = {
    store,
    router: createModernRouter(),
    limiter: new RateLimiter(spec, now, flavor.remaining),
    apiKey,
    rateLimitStatus: options.rateLimitStatus ?? 200,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    flavor,
  };
  // A test that killed a client waits for this to reach 0, not for a guessed time: what a held
  // request does after its client is gone has happened by then.
  let answering = 0;
  const stats = (): SandboxStats => ({ ...log.counters, links: store.state.links.length, answering });
  const admin = {
    log,
    faults,
    limiter: deps.limiter,
    stats,
    resetData: () => {
      // The data goes back to the seed; the key stays, so the clients' settings still work.
      store.state = { ...seedState(store.now()), apiKey: store.state.apiKey };
      if (store.state.apiKey === undefined) delete store.state.apiKey;
      store.changed();
    },
  };

  async function handleApiRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    answering += 1;
    try {
      await answerApiRequest(req, res, url);
    } finally {
      answering -= 1;
    }
  }

  async function answerApiRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const body = await readBody(req, deps.maxBodyBytes);
    const fault = faults.take();
    if (fault?.mode === 'slow') await delay(fault.delayMs);
    let outcome: ReturnType<typeof answerApi> | null = null;
    const normal = () => (outcome = answerApi(deps, req, url, body, fault ? denialOf(fault.mode) : undefined)).out;
    if (!fault || !(await sendFaulted(res, fault, normal))) send(res, normal(), req.method === 'HEAD');
    const answered = outcome as ReturnType<typeof answerApi> | null;
    log.record({
      method: req.method ?? 'GET',
      path: redactLegacyPath(url.pathname),
      query: Object.fromEntries(url.searchParams),
      body: body.kind === 'ok' ? parseLoggedBody(body.text) : null,
      time: new Date(now()).toISOString(),
      status: res.statusCode,
      api: answered?.api ?? (url.pathname.startsWith('/api/v1/') ? 'legacy' : 'modern'),
      authorized: answered?.authorized ?? false,
      rateLimited: answered?.rateLimited ?? false,
      ...(fault ? { fault: fault.mode } : {}),
      headers: {
        'content-type': req.headers['content-type'],
        'user-agent': req.headers['user-agent'],
        accept: req.headers.accept,
      },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return handleApiRequest(req, res, url);
    if (url.pathname.startsWith(ADMIN_PREFIX))
      return send(res, handleAdmin(admin, req, url, await readBody(req, deps.maxBodyBytes)));
    req.resume(); // public paths take no body
    send(res, await handlePublic(store, req, url), req.method === 'HEAD');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (res.headersSent) res.destroy();
      else send(res, jsonOut(500, JSON.stringify({ error: 1, message: `Internal sandbox error: ${err.message}` })));
    });
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (keyToKeep) {
    try {
      store.flush();
    } catch (err) {
      await new Promise((done) => server.close(done));
      throw new UnwritableDataError(options.dataFile ?? '', err as NodeJS.ErrnoException);
    }
  }
  const port = (server.address() as AddressInfo).port;
  const url = baseUrlFor(host, port);
  store.baseUrl = options.shortUrlBase?.replace(/\/+$/, '') ?? url;

  return {
    url,
    apiKey: deps.apiKey,
    port,
    store,
    get stats() {
      return stats();
    },
    requests: () => [...log.entries],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close(() => {
          // The last save: one that fails now loses the changes since the last that worked.
          try {
            store.flush();
            resolve();
          } catch (err) {
            reject(new FinalSaveError(options.dataFile ?? '', err as NodeJS.ErrnoException));
          }
        });
        server.closeAllConnections();
      }),
  };
}
