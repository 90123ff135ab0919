import type { Context } from '../context.js';
import { requireApiKey, requireBaseUrl } from '../settings/base-url.js';
import type { Settings } from '../settings/types.js';
import { createTransport, type Transport } from './http.js';

export interface Connection {
  settings: Settings;
  baseUrl: string;
  apiKey: string;
  transport: Transport;
}

const connections = new WeakMap<Context, Promise<Connection>>();

/** One transport (and so one limiter and one socket pool) per run, shared by modern, legacy and `api`. */
export function connection(ctx: Context): Promise<Connection> {
  let conn = connections.get(ctx);
  if (!conn) {
    conn = open(ctx);
    connections.set(ctx, conn);
  }
  return conn;
}

async function open(ctx: Context): Promise<Connection> {
  const settings = await ctx.settings();
  const baseUrl = requireBaseUrl(settings);
  const apiKey = requireApiKey(settings);
  const { createLimiter } = await import('./rate-limit.js');
  const limiter = await createLimiter(ctx, settings);
  const transport = await createTransport(ctx, settings, limiter);
  ctx.onClose(() => transport.close());
  return { settings, baseUrl, apiKey, transport };
}
