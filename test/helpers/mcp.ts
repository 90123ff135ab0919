// shorty's MCP server in the test process, driven by the SDK's own client over its in-memory
// transport: a real protocol session (initialize, tools/list, tools/call) without a child process.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { Host } from '../../src/context.js';
import { createContext } from '../../src/factory.js';
import { createTestIO, type TestIO } from '../../src/io.js';
import { createServer, serverOptions } from '../../src/mcp/server.js';
import { tempDir } from './cli.js';

export interface McpOptions {
  baseUrl: string;
  apiKey: string;
  readOnly?: boolean;
  maxWaitMs?: number;
  rateLimit?: string;
  now?: Host['now'];
  sleep?: Host['sleep'];
  configDir?: string;
  /** A shared rate store (SHORTY_RATE_STORE). */
  rateStore?: string;
  /** A client with the elicitation capability, answering every form so; none: a client without it. */
  elicit?: ElicitResult['action'];
  /** The flags of `shorty mcp` beyond --read-only, as given on its command line. */
  flags?: { files?: string; tools?: string; excludeTools?: string };
}

export interface McpSession {
  client: Client;
  io: TestIO;
  configDir: string;
  /** The messages of the forms the server asked the client to show. */
  asked: string[];
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

const realSleep: Host['sleep'] = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export async function startMcp(opts: McpOptions): Promise<McpSession> {
  const configDir = opts.configDir ?? tempDir('shorty-mcp-');
  const io = await createTestIO();
  const env = {
    SHORTY_CONFIG_DIR: configDir,
    SHORTY_BASE_URL: opts.baseUrl,
    SHORTY_API_KEY: opts.apiKey,
    ...(opts.rateLimit ? { SHORTY_RATE_LIMIT: opts.rateLimit } : {}),
    ...(opts.rateStore ? { SHORTY_RATE_STORE: opts.rateStore } : {}),
  };
  const stop = new AbortController();
  const ctx = createContext(
    { io, env, now: opts.now ?? Date.now, sleep: opts.sleep ?? realSleep, signal: stop.signal },
    { maxWaitMs: opts.maxWaitMs },
  );
  const server = createServer(ctx, await serverOptions(ctx, { readOnly: opts.readOnly, ...opts.flags }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client(
    { name: 'shorty-test', version: '1.0.0' },
    opts.elicit ? { capabilities: { elicitation: { form: {} } } } : {},
  );
  const asked: string[] = [];
  const answer = opts.elicit;
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: answer };
    });
  }
  await client.connect(clientSide);
  return {
    client,
    io,
    configDir,
    asked,
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    close: async () => {
      await client.close();
      await server.close();
      await ctx.close();
    },
  };
}

/** The structured content of a call that must have worked. */
export function data(result: CallToolResult): Record<string, any> {
  if (result.isError) throw new Error(`the call failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, any>;
}

/** The JSON failure of a call that must have failed (the second text of an isError result). */
export function failure(result: CallToolResult): Record<string, any> {
  if (!result.isError) throw new Error(`the call worked: ${JSON.stringify(result.structuredContent)}`);
  const texts = result.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text);
  return texts.length > 1 ? { ...JSON.parse(texts[1]), text: texts[0] } : { text: texts[0] };
}

/**
 * A virtual clock shared by the sandbox and the client. Time moves only when every call in
 * progress (see `track`) is asleep, so no request is on the wire: then it jumps to the earliest
 * wake-up and wakes the sleepers due. A minute's rate-limit window passes at once, and the server
 * sees each request at the instant the client sent it, however loaded the machine.
 */
export function virtualClock(): { now: () => number; sleep: Host['sleep']; track<T>(work: Promise<T>): Promise<T> } {
  let at = Date.now();
  let active = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  const advance = () => {
    if (sleepers.length === 0 || sleepers.length < active) return;
    at = Math.max(at, Math.min(...sleepers.map((s) => s.until)));
    for (const due of sleepers.filter((s) => s.until <= at)) {
      sleepers.splice(sleepers.indexOf(due), 1);
      due.wake();
    }
  };
  return {
    now: () => at,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        sleepers.push({ until: at + Math.max(0, ms), wake: resolve });
        advance();
      }),
    track: async (work) => {
      active++;
      try {
        return await work;
      } finally {
        active--;
        advance();
      }
    },
  };
}
