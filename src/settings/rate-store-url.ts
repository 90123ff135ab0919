import { UsageError } from '../errors.js';
import { maskUrlCredentials } from '../util/url-credentials.js';

/**
 * Where the limiter keeps its shared state when it is not the local file: a Redis server, named by
 * `redis://[user:pass@]host:port[/db]` (`rediss://` for TLS). The URL may carry a password, so
 * it is only ever shown through maskUrlCredentials.
 */

/** The parts the Redis client needs, taken apart here so the rules live in one place. */
export interface RateStoreTarget {
  tls: boolean;
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
}

const DEFAULT_PORT = 6379;

/** Checks a value of --rate-store, SHORTY_RATE_STORE or `rate-store` and returns it trimmed. */
export function parseRateStoreUrl(value: string, source = 'rate store'): string {
  rateStoreTarget(value, source);
  return value.trim();
}

export function rateStoreTarget(value: string, source = 'rate store'): RateStoreTarget {
  const text = value.trim();
  // The error must not echo a password back: name the value only through its masked form.
  const invalid = (why: string) =>
    new UsageError(
      `invalid ${source} "${maskUrlCredentials(text)}": ${why}`,
      'e.g. redis://redis.internal:6379/0 or rediss://user:password@redis.example.com:6380',
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('not a URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw invalid('must be redis:// or rediss://');
  if (!url.hostname) throw invalid('no host');
  if (url.search || url.hash) throw invalid('a rate store URL has no query or fragment');
  const path = url.pathname.replace(/^\/+|\/+$/g, '');
  if (path !== '' && !/^\d{1,4}$/.test(path)) throw invalid('the path is a database number, e.g. /0');
  const target: RateStoreTarget = {
    tls: url.protocol === 'rediss:',
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : DEFAULT_PORT,
    db: path === '' ? 0 : Number(path),
  };
  if (url.username) target.username = decodeURIComponent(url.username);
  if (url.password) target.password = decodeURIComponent(url.password);
  return target;
}
