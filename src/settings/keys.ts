import { UsageError } from '../errors.js';
import { normalizeBaseUrl } from '../api/connection.js';
import { parseRateLimit } from '../input/rate-limit-spec.js';
import { parseRateStoreUrl } from './rate-store-url.js';
import type { OutputFormat } from './types.js';

/** The keys a profile may hold (`shorty config set KEY VALUE`), in the order `config list` shows them. */
export const CONFIG_KEYS = ['base-url', 'api-key', 'rate-limit', 'rate-store', 'timeout', 'output', 'domain'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json', 'ndjson', 'csv', 'tsv'];

export function parseConfigKey(key: string): ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
    throw new UsageError(`unknown config key "${key}": expected one of ${CONFIG_KEYS.join(', ')}`);
  }
  return key as ConfigKey;
}

/** The longest --timeout: a day (Node's timers cannot wait past 24.8 days and would fire at once). */
const MAX_TIMEOUT_SECONDS = 86_400;

/** A positive number of seconds, at least a millisecond and at most a day, from --timeout, SHORTY_TIMEOUT or the config. */
export function parseTimeoutSeconds(value: string, source = '--timeout'): number {
  const seconds = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new UsageError(`invalid ${source} "${value}": must be a positive number of seconds`);
  }
  if (seconds < 0.001 || seconds > MAX_TIMEOUT_SECONDS) {
    throw new UsageError(`invalid ${source} "${value}": must be between 0.001 and ${MAX_TIMEOUT_SECONDS} seconds`);
  }
  return seconds;
}

export function parseOutputFormat(value: string, source = '--output'): OutputFormat {
  if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) {
    throw new UsageError(`invalid ${source} "${value}": expected one of ${OUTPUT_FORMATS.join(', ')}`);
  }
  return value as OutputFormat;
}

export function parseBaseUrl(value: string, source = 'base URL'): string {
  // Whatever sits between `//` and `@` may be a password: never echoed.
  const shown = value.replace(/\/\/[^/@]*@/, '//***@');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`invalid ${source} "${shown}": not a URL (include https://)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`invalid ${source} "${shown}": must be http or https`);
  }
  // `https://user:pass@host` would send those credentials as well, and print them in every
  // message that names the URL; the API authenticates with the key alone.
  if (url.username || url.password) {
    throw new UsageError(`invalid ${source} "${shown}": a base URL has no user name or password`,
      'the API key is the only credential: set it with `shorty login` or SHORTY_API_KEY');
  }
  // Paths are appended to it as text (`<base>/api/...`): a query or fragment would end up in the middle.
  if (url.search || url.hash) {
    throw new UsageError(`invalid ${source} "${shown}": a base URL has no query or fragment`, 'e.g. https://example.com/shortener');
  }
  return normalizeBaseUrl(value);
}

/**
 * The API key, trimmed. A control character (a CR from a file saved on Windows, a pasted escape)
 * or a character outside printable ASCII could not travel in the Authorization header: refused
 * before any request, without printing the key.
 */
export function parseApiKey(value: string, source = 'API key'): string {
  const key = value.trim();
  const bad = /[^\x20-\x7e]/.exec(key);
  if (bad) {
    const code = bad[0].codePointAt(0)!;
    const what = code < 0x20 || (code >= 0x7f && code <= 0x9f)
      ? `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')}${code === 13 ? ', a carriage return' : ''})`
      : 'a character outside printable ASCII';
    throw new UsageError(`invalid ${source}: the key contains ${what} at position ${bad.index + 1}`,
      'copy the key again; a key file saved on Windows ends its lines with CR');
  }
  return key;
}

/** Checks a value for `config set` and returns the text to store. */
export function normalizeConfigValue(key: ConfigKey, value: string): string {
  switch (key) {
    case 'base-url':
      return parseBaseUrl(value);
    case 'rate-limit':
      parseRateLimit(value);
      return value.trim();
    case 'rate-store':
      return parseRateStoreUrl(value, 'rate-store');
    case 'timeout':
      return String(parseTimeoutSeconds(value, 'timeout'));
    case 'output':
      return parseOutputFormat(value.trim(), 'output');
    case 'api-key':
      if (!value.trim()) throw new UsageError(`invalid ${key}: must not be empty`);
      return parseApiKey(value, 'api-key');
    case 'domain': {
      const text = value.trim();
      if (!text) throw new UsageError(`invalid ${key}: must not be empty`);
      return text;
    }
  }
}

/** `sk_…9f2c`: enough to tell keys apart, never enough to use one. */
export function maskKey(key: string): string {
  if (key.length <= 8) return '…';
  const prefix = /^[A-Za-z]{1,4}_/.exec(key)?.[0] ?? '';
  return `${prefix}…${key.slice(-4)}`;
}
