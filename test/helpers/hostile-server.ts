// A server that answers whatever a test tells it to: the hostile or broken answers a real server
// (or whatever sits at its address) may give — absurd waits, escape sequences in titles, the key
// echoed back, a body that never ends, a list that is not a list. node:http on 127.0.0.1, port 0;
// it records every request it receives.
import * as http from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo, Socket } from 'node:net';

export interface HostileRequest {
  method: string;
  /** As received: a path, or an absolute URL when it is asked as a proxy. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HostileAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as it is; anything else as JSON. */
  body?: unknown;
  /** Sends `body` (a string), then JSON-ish filler for as long as the client reads. */
  endless?: boolean;
}

export type Responder = (req: HostileRequest) => HostileAnswer;

export interface HostileServer {
  /** The base URL: http://127.0.0.1:PORT */
  url: string;
  port: number;
  requests: HostileRequest[];
  /** Bytes written by endless answers so far. */
  streamed(): number;
  /** Resolves once an endless answer's connection has been closed by the client. */
  endlessClosed(): Promise<void>;
  /** Every later request gets this answer (or what the function makes of the request). */
  answer(responder: Responder | HostileAnswer): void;
  close(): Promise<void>;
}

const FILLER = Buffer.from(`${'{"id":1,"alias":"x","shorturl":"http://x/x"},'.repeat(1400)}`);

export async function startHostileServer(
  initial: Responder | HostileAnswer = { status: 404, body: 'not found' },
): Promise<HostileServer> {
  let responder: Responder = typeof initial === 'function' ? initial : () => initial;
  const requests: HostileRequest[] = [];
  const sockets = new Set<Socket>();
  let streamed = 0;
  let closedEndless: () => void = () => {};
  const endlessDone = new Promise<void>((resolve) => {
    closedEndless = resolve;
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const answer = responder(request);
      const text =
        typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
      const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
      if (!answer.endless) {
        res.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers }).end(text);
        return;
      }
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.on('close', () => closedEndless());
      res.write(text);
      const pump = () => {
        while (!res.destroyed) {
          streamed += FILLER.length;
          if (!res.write(FILLER)) return void res.once('drain', pump);
        }
      };
      pump();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    streamed: () => streamed,
    endlessClosed: () => endlessDone,
    answer(next) {
      responder = typeof next === 'function' ? next : () => next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The pagination envelope around `urls`, as a list endpoint answers. */
export function linkList(urls: Record<string, unknown>[]): HostileAnswer {
  return {
    body: { error: '0', data: { result: urls.length, perpage: 15, currentpage: 1, nextpage: null, maxpage: 1, urls } },
  };
}

/** A link as `urls list` receives it. */
export function link(id: number, title: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    alias: `a${id}`,
    shorturl: `http://127.0.0.1/a${id}`,
    longurl: `https://example.com/${id}`,
    title,
    description: '',
    clicks: 0,
    date: '2026-01-01 00:00:00',
    ...extra,
  };
}

/** The deployed servers' rate-limit answer: HTTP 200, `error: 429`, `Retry-After` in the body. */
export function tooManyRequests(retryAfter: unknown): HostileAnswer {
  return { body: { error: 429, message: 'Too Many API Requests.', 'Retry-After': retryAfter } };
}

/** Escape sequences a title or message may carry: OSC 52 (clipboard), clear screen, OSC 8, OSC 0, RLO, one-byte CSI. */
export const ESCAPES = {
  clipboard: '\u001b]52;c;ZWNobyBwd25lZA==\u0007',
  clear: '\u001b[2J',
  hyperlink: '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\',
  title: '\u001b]0;pwned\u0007',
  rlo: '\u202e',
  csi: '\u009b31m',
} as const;

/** Every raw control a terminal would act on: C0 but tab/newline, DEL, C1, bidi controls. */
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * One hostile server for a test file: started before its tests, closed after them, its request
 * log emptied before each. Returns the server (defined once the file's tests run).
 */
export function useHostileServer(): () => HostileServer {
  let server: HostileServer | undefined;
  beforeAll(async () => {
    server = await startHostileServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server!.requests.length = 0;
  });
  return () => server!;
}
