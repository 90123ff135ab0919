import type { Context } from '../context.js';
import { AuthError, UsageError } from '../errors.js';
import type { Settings } from '../settings/types.js';
import { createTransport, type Transport } from './http.js';

export interface Connection {
  settings: Settings;
  baseUrl: string;
  apiKey: string;
  transport: Transport;
}

/** For an endpoint not found: the usual cause is a base URL that misses (or adds) a path. */
export const BASE_URL_HINT = 'check the base URL: the API is expected under <base URL>/api, so a service under a path '
  + 'needs that path in it (e.g. https://example.com/shortener)';

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

export function requireBaseUrl(settings: Settings): string {
  const raw = settings.baseUrl;
  if (!raw) {
    throw new UsageError('no base URL is set',
      'run `shorty login`, or set SHORTY_BASE_URL (or --base-url), e.g. from `shorty sandbox`');
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`invalid base URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`invalid base URL: ${raw} (must be http or https)`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !settings.insecure) {
    throw new UsageError(`refusing to send the API key in clear text to ${url.host}`,
      'use https://, or pass --insecure if you really mean it');
  }
  return normalizeBaseUrl(raw);
}

export function requireApiKey(settings: Settings): string {
  if (!settings.apiKey) {
    throw new AuthError('no API key is set', 'run `shorty login`, or set SHORTY_API_KEY');
  }
  return settings.apiKey;
}

/** `{base_url}` without a trailing `/` or `/api` (users paste either). */
export function normalizeBaseUrl(raw: string): string {
  return raw.trim().replace(/\/+$/, '').replace(/\/api$/, '').replace(/\/+$/, '');
}

/**
 * Hosts the key may reach over plain http: literal loopback addresses (127.0.0.0/8, ::1) and
 * `localhost` itself. Not `*.localhost`: such a name goes through the resolver, and a hosts-file
 * entry (or a resolver that doesn't special-case it) can send it anywhere.
 */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
