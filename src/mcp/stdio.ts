// The server's stdio transport: one JSON-RPC message a line. Unlike the SDK's, a line that is not
// JSON is answered -32700 and one that is not a message -32600, a message past MESSAGE_MAX_BYTES is
// answered -32600 and skipped instead of ending the server, and the end of stdin closes the
// transport only once every request received is answered (a client may send a call and close).
import type { JSONRPCMessage, Transport } from './sdk.js';
import { JSONRPCMessageSchema } from './sdk.js';

/** Bytes of one message: an import of tens of thousands of rows given inline. */
const MESSAGE_MAX_BYTES = 16 * 1024 * 1024;

type Id = string | number;

const NEWLINE = 0x0a;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The start of a message too large, while the rest of it is skipped. */
  private skipping: string | undefined;
  private readonly unanswered = new Set<Id>();
  private ended = false;
  private closed = false;

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: NodeJS.WritableStream,
    private readonly maxBytes = MESSAGE_MAX_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('error', this.onStdinError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const isAnswer = 'id' in message && ('result' in message || 'error' in message);
    // A request to the client (an elicitation) after its input ended could never be answered.
    if (this.ended && 'method' in message && 'id' in message) throw new Error('the client closed its input');
    if (this.closed) return;
    await this.write(`${JSON.stringify(message)}\n`);
    if (isAnswer) {
      this.unanswered.delete(message.id as Id);
      this.closeWhenDone();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('error', this.onStdinError);
    // Left flowing, an open stdin would keep the process alive after the server is done.
    this.stdin.pause();
    this.onclose?.();
  }

  private write(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(text)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onData = (chunk: Buffer | string) => {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE)) {
      this.take(data.subarray(0, end));
      this.lineEnded();
      data = data.subarray(end + 1);
    }
    this.take(data);
  };

  private readonly onEnd = () => {
    if (this.buffered > 0 || this.skipping !== undefined) this.lineEnded();
    this.ended = true;
    this.closeWhenDone();
  };

  private readonly onStdinError = (error: Error) => this.onerror?.(error);

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.skipping !== undefined) return;
    if (this.buffered + part.length > this.maxBytes) {
      this.skipping = Buffer.concat([...this.chunks, part])
        .subarray(0, 200)
        .toString('utf8');
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    this.chunks.push(part);
    this.buffered += part.length;
  }

  private lineEnded(): void {
    if (this.skipping !== undefined) {
      const id = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(this.skipping)?.[1];
      this.skipping = undefined;
      this.refuse(id === undefined ? null : (JSON.parse(id) as Id), -32600, `message over ${this.maxBytes} bytes`);
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.buffered = 0;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.refuse(null, -32700, 'Parse error: the line is not JSON');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = (value as { id?: unknown } | null)?.id;
      this.refuse(typeof id === 'string' || typeof id === 'number' ? id : null, -32600, 'Invalid Request');
      return;
    }
    const message = parsed.data;
    if ('method' in message && 'id' in message) this.unanswered.add(message.id);
    // A cancelled request gets no answer (the protocol's rule): it is no longer waited for.
    if ('method' in message && message.method === 'notifications/cancelled' && !('id' in message)) {
      const cancelled = (message.params as { requestId?: Id } | undefined)?.requestId;
      if (cancelled !== undefined) {
        queueMicrotask(() => {
          this.unanswered.delete(cancelled);
          this.closeWhenDone();
        });
      }
    }
    this.onmessage?.(message);
  }

  private refuse(id: Id | null, code: number, message: string): void {
    this.onerror?.(new Error(`refused a message from the client: ${message}`));
    void this.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  }

  private closeWhenDone(): void {
    if (this.ended && this.unanswered.size === 0) void this.close();
  }
}
