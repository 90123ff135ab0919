import { UsageError } from '../errors.js';
import { parseRateLimit } from './rate-limit-spec.js';
import { parseApiKey, parseBaseUrl } from './base-url.js';
import { parseRateStoreUrl } from './rate-store-url.js';
import { OUTPUT_FORMATS, type OutputFormat } from './types.js';

/** The keys a profile may hold (`shorty config set KEY VALUE`), in the order `config list` shows them. */
export const CONFIG_KEYS = ['base-url', 'api-key', 'rate-limit', 'rate-store', 'timeout', 'output', 'domain'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** The environment variable that overrides each key of a profile (`domain` has none). */
export const ENV_OF_KEY: Readonly<Record<Exclude<ConfigKey, 'domain'>, string>> = {
  'base-url': 'SHORTY_BASE_URL',
  'api-key': 'SHORTY_API_KEY',
  'rate-limit': 'SHORTY_RATE_LIMIT',
  'rate-store': 'SHORTY_RATE_STORE',
  timeout: 'SHORTY_TIMEOUT',
  output: 'SHORTY_OUTPUT',
};

/**
 * What `config unset KEY` removes beside KEY: a saved key is bound to the base URL saved with it
 * (see requireApiKey), so without that base URL it could go nowhere; it goes with it rather than
 * linger unusable in the file.
 */
export function removedWith(key: ConfigKey): ConfigKey[] {
  return key === 'base-url' ? ['api-key'] : [];
}

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

/** Characters that stay hidden, at the least, when a mask shows a key's prefix and last 4. */
const MIN_HIDDEN = 12;

/**
 * `sk_…9f2c`: enough to tell keys apart, never enough to use one. A key too short to keep
 * MIN_HIDDEN characters hidden shows nothing (`…`): its prefix and tail would be most of it.
 */
export function maskKey(key: string): string {
  const prefix = /^[A-Za-z]{1,4}_/.exec(key)?.[0] ?? '';
  if (key.length - prefix.length - 4 < MIN_HIDDEN) return '…';
  return `${prefix}…${key.slice(-4)}`;
}
