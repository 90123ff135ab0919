// Which proxy a request goes through, read from the environment as curl and npm read it
// (proxy-from-env: HTTPS_PROXY / HTTP_PROXY by the target's scheme, then ALL_PROXY; lower case
// first; NO_PROXY), and the agent that speaks to it. Nothing here is loaded without a proxy.
import type { Agent } from 'node:http';
import { UsageError } from '../errors.js';
import { maskUrlCredentials } from '../util/url-credentials.js';

export interface ProxyRoute {
  agent: Agent;
  /** The proxy's URL with its credentials masked, for messages and --debug. */
  shown: string;
  /** The password, and the Proxy-Authorization token made of it: a server may echo either. */
  secrets: string[];
}

const SCHEME_VARS = { 'http:': 'http_proxy', 'https:': 'https_proxy' } as const;

/** Lower case first, like proxy-from-env (which reads process.env itself, so this does too). */
function envValue(name: string): string | undefined {
  return process.env[name] || process.env[name.toUpperCase()] || undefined;
}

/** The proxy URL for `target`, or undefined when none applies (no variable, or NO_PROXY). */
export async function proxyFor(target: URL): Promise<URL | undefined> {
  // A run with no proxy variable at all (most runs) never loads proxy-from-env.
  if (!['http_proxy', 'https_proxy', 'all_proxy'].some(envValue)) return undefined;
  const { getProxyForUrl } = await import('proxy-from-env');
  const chosen = getProxyForUrl(target.href);
  if (!chosen || excludedByParentDomain(target, getProxyForUrl)) return undefined;
  // proxy-from-env gives a proxy written without a scheme the target's (https://proxy:3128 for
  // an https target); curl and npm take it as http://, which is what such proxies speak.
  const raw =
    envValue(SCHEME_VARS[target.protocol as keyof typeof SCHEME_VARS] ?? 'all_proxy') ??
    envValue('all_proxy') ??
    chosen;
  const written = raw.includes('://') ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    throw new UsageError(
      `invalid proxy URL in the environment: ${maskUrlCredentials(written)}`,
      'check HTTPS_PROXY, HTTP_PROXY and ALL_PROXY',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `unsupported proxy ${maskProxy(url)}: shorty speaks to http:// and https:// proxies only`,
      'set HTTPS_PROXY to an http:// proxy, or list the host in NO_PROXY',
    );
  }
  // A proxy on another machine would reach its own loopback, not ours, and a plain http:// base
  // URL would send the key across the network in clear: a loopback target goes direct, as in gh.
  // A proxy on the loopback too (a debugging proxy of this machine) still gets it.
  if (isLoopback(target.hostname) && !isLoopback(url.hostname)) return undefined;
  return url;
}

/** localhost (and names under it), 127.0.0.0/8 and ::1: this machine, whatever the network. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '[::1]' ||
    host === '[::ffff:7f00:1]'
  );
}

/**
 * curl and gh read a bare NO_PROXY entry `example.com` as that domain and every host under it;
 * proxy-from-env matches it exactly. So a host is also excluded when one of its parent domains
 * is, by proxy-from-env's own rules (ports and wildcards included): `api.example.com` asks about
 * `example.com` on the same scheme and port. IP addresses have no parent domains.
 */
function excludedByParentDomain(target: URL, getProxyForUrl: (url: string) => string): boolean {
  const host = target.hostname;
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return false;
  const labels = host.split('.');
  for (let i = 1; i < labels.length; i += 1) {
    const parent = new URL(target.href);
    parent.hostname = labels.slice(i).join('.');
    if (!getProxyForUrl(parent.href)) return true;
  }
  return false;
}

/**
 * An agent that tunnels https targets through the proxy (CONNECT) or sends http requests to it.
 * The credentials go in a header of our own making, never in the URL the agent keeps: the
 * agents' debug output and errors then have nothing to leak.
 */
export async function proxyRoute(proxy: URL, target: URL): Promise<ProxyRoute> {
  const headers: Record<string, string> = {};
  const secrets: string[] = [];
  if (proxy.username || proxy.password) {
    const password = decodeURIComponent(proxy.password);
    const token = Buffer.from(`${decodeURIComponent(proxy.username)}:${password}`).toString('base64');
    headers['Proxy-Authorization'] = `Basic ${token}`;
    secrets.push(password, token);
  }
  const bare = new URL(proxy.href);
  bare.username = '';
  bare.password = '';
  const options = { keepAlive: true, headers };
  const agent =
    target.protocol === 'https:'
      ? new (await import('https-proxy-agent')).HttpsProxyAgent(bare, options)
      : new (await import('http-proxy-agent')).HttpProxyAgent(bare, options);
  return { agent, shown: maskProxy(proxy), secrets };
}

/** `http://user:secret@host:3128` -> `http://***:***@host:3128`. */
export function maskProxy(url: URL): string {
  return maskUrlCredentials(url.href).replace(/\/$/, '');
}
