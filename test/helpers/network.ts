// What may sit between shorty and a real server, as small local servers: a proxy (CONNECT
// tunnels and plain forwarding), a front that serves the API under a path or over https with a
// certificate from a private CA, and a server that answers with redirects. All listen on
// 127.0.0.1, port 0, send everything on to 127.0.0.1 whatever host was asked for, and record what
// reached them.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './cli.js';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:0; close() also ends open connections and tunnels. */
async function listen(
  server: http.Server,
  scheme: 'http' | 'https',
  extra: Set<net.Socket> = new Set(),
): Promise<Listening> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...sockets, ...extra]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Sends `req` on to 127.0.0.1:`port` at `path`, and its answer back (502 when that fails). */
function forward(req: http.IncomingMessage, res: http.ServerResponse, port: number, path: string): void {
  const headers = { ...req.headers };
  delete headers['proxy-authorization'];
  delete headers['proxy-connection'];
  const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

export interface TestProxy extends Listening {
  /** `host:port` of every CONNECT it was asked for. */
  tunnels: string[];
  /** The absolute URL of every request it forwarded. */
  forwarded: string[];
  /** The Proxy-Authorization header of every CONNECT and request, undefined when absent. */
  authorizations: (string | undefined)[];
}

/**
 * A proxy like squid: CONNECT tunnels (https targets) and absolute-form requests (http targets).
 * With `credentials` (`user:password`) anything without them is answered 407.
 */
export async function startProxy(opts: { credentials?: string } = {}): Promise<TestProxy> {
  const expected = opts.credentials && `Basic ${Buffer.from(opts.credentials).toString('base64')}`;
  const tunnelSockets = new Set<net.Socket>();
  const server = http.createServer();
  const proxy = { tunnels: [] as string[], forwarded: [] as string[], authorizations: [] as (string | undefined)[] };
  const authorized = (req: http.IncomingMessage) => {
    proxy.authorizations.push(req.headers['proxy-authorization']);
    return !expected || req.headers['proxy-authorization'] === expected;
  };

  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    proxy.tunnels.push(req.url ?? '');
    if (!authorized(req)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const port = Number(new URL(`http://${req.url}`).port);
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    tunnelSockets.add(upstream);
    upstream.on('close', () => tunnelSockets.delete(upstream));
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'));
    client.on('error', () => upstream.destroy());
  });

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!/^https?:\/\//.test(req.url ?? '')) {
      res.writeHead(400).end('not a proxy request');
      return;
    }
    proxy.forwarded.push(req.url!);
    if (!authorized(req)) {
      res
        .writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test"', 'Content-Type': 'text/html' })
        .end('<html>407</html>');
      return;
    }
    const target = new URL(req.url!);
    forward(req, res, Number(target.port || 80), target.pathname + target.search);
  });

  return Object.assign(proxy, await listen(server, 'http', tunnelSockets));
}

export interface Certificates {
  /** File of the private CA's certificate (PEM): what NODE_EXTRA_CA_CERTS points at. */
  caFile: string;
  /** The server's key and certificate (PEM), signed by that CA, for 127.0.0.1 and localhost. */
  key: string;
  cert: string;
}

/** A private CA and a server certificate it signed, made with openssl in a temp folder. */
export function makeCertificates(): Certificates {
  const dir = tempDir('shorty-tls-');
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=shorty test CA');
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  );
  return {
    caFile: file('ca.pem'),
    key: readFileSync(file('server.key'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
  };
}

export interface TestFront extends Listening {
  /** The path (with query) of every request that reached it. */
  paths: string[];
}

/**
 * A web server in front of `target` (a sandbox's base URL): requests under `prefix` go on to it
 * without the prefix, anything else gets the HTML 404 page a web server answers. With `tls` it
 * speaks https.
 */
export async function startFront(
  target: string,
  opts: { prefix?: string; tls?: Certificates } = {},
): Promise<TestFront> {
  const port = Number(new URL(target).port);
  const prefix = opts.prefix ?? '';
  const paths: string[] = [];
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = req.url ?? '/';
    paths.push(path);
    if (prefix && !(path === prefix || path.startsWith(`${prefix}/`))) {
      req.resume();
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body><h1>Not Found</h1></body></html>');
      return;
    }
    forward(req, res, port, path.slice(prefix.length) || '/');
  };
  const server = opts.tls
    ? https.createServer({ key: opts.tls.key, cert: opts.tls.cert }, handler)
    : http.createServer(handler);
  return Object.assign({ paths }, await listen(server, opts.tls ? 'https' : 'http'));
}

/** Answers every request with `status` and a Location made from its path. */
export async function startRedirector(location: (path: string) => string, status = 301): Promise<TestFront> {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    paths.push(req.url ?? '/');
    req.resume();
    res
      .writeHead(status, { Location: location(req.url ?? '/'), 'Content-Type': 'text/html' })
      .end('<html>Moved</html>');
  });
  return Object.assign({ paths }, await listen(server, 'http'));
}

/**
 * Names under `.shorty.test` resolve to 127.0.0.1 in this process (see resolve-test-hosts.cjs),
 * so an in-process run can use a domain without asking any DNS server. Returns what undoes it.
 */
export function resolveTestHostsHere(): () => void {
  const require = createRequire(import.meta.url);
  const dns: typeof import('node:dns') = require('node:dns');
  const original = dns.lookup;
  const file = fileURLToPath(new URL('resolve-test-hosts.cjs', import.meta.url));
  require(file);
  // Loaded afresh next time: the patch is undone below, and the cache would skip redoing it.
  delete require.cache[file];
  return () => {
    dns.lookup = original;
  };
}
