// Reading request bodies under a size cap, and writing responses.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type BodyRead = { kind: 'ok'; text: string } | { kind: 'too-large'; bytes: number };

/**
 * Reads the body up to `cap` bytes. A bigger body is drained (so the client can still read our
 * answer instead of getting EPIPE) up to 16 times the cap, past which the socket is dropped.
 */
export function readBody(req: IncomingMessage, cap: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= cap) chunks.push(chunk);
      else if (bytes > cap * 16) req.destroy();
    });
    req.on('end', () =>
      resolve(
        bytes > cap ? { kind: 'too-large', bytes } : { kind: 'ok', text: Buffer.concat(chunks).toString('utf8') },
      ),
    );
    req.on('error', () => resolve({ kind: 'too-large', bytes }));
    req.on('close', () => resolve({ kind: 'too-large', bytes })); // no-op when already resolved
  });
}

export interface Outgoing {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export function jsonOut(status: number, text: string, headers: Record<string, string> = {}): Outgoing {
  return { status, text, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } };
}

export function htmlOut(status: number, text: string, headers: Record<string, string> = {}): Outgoing {
  return { status, text, headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } };
}

export function send(res: ServerResponse, out: Outgoing, headOnly = false): void {
  if (res.writableEnded || res.destroyed) return;
  const body = Buffer.from(out.text, 'utf8');
  res.writeHead(out.status, { ...out.headers, 'Content-Length': String(body.length) });
  res.end(headOnly ? undefined : body);
}
