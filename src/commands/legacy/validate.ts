// Checks of legacy arguments, run before any request (exit 2, nothing sent).
import { UsageError } from '../../errors.js';
import { parseDomain } from '../../input/domain.js';
import { legacyExpiry } from '../../input/expiry.js';
import { parseHttpUrl, parseHttpUrlAsTyped } from '../../input/validate.js';
import type { LegacyCreateOptions } from '../../api/legacy-path.js';

export interface CreateFlags {
  custom?: string;
  password?: string;
  expiry?: string;
  domain?: string;
}

/** `now` is the run's clock: --expiry may be a span from it, and a past one is refused. */
export function parseCreateInput(
  longUrl: string,
  flags: CreateFlags,
  now: number,
): { longUrl: string; options: LegacyCreateOptions; warnings: string[] } {
  const expiry = flags.expiry === undefined ? undefined : legacyExpiry(flags.expiry, { what: '--expiry', now });
  return {
    longUrl: parseHttpUrl(longUrl, 'long URL'),
    options: {
      custom: flags.custom === undefined ? undefined : nonEmpty(flags.custom, '--custom'),
      password: flags.password === undefined ? undefined : nonEmpty(flags.password, '--password'),
      expiry: expiry?.day,
      domain: flags.domain === undefined ? undefined : parseDomain(flags.domain).host,
    },
    warnings: expiry?.warning ? [expiry.warning] : [],
  };
}

function nonEmpty(value: string, flag: string): string {
  if (value.trim() === '') throw new UsageError(`invalid ${flag}: must not be empty`);
  return value;
}

/** A short URL as the service prints it (`https://sho.rt/abc`), or without its scheme (`sho.rt/abc`). */
export function parseShortUrl(value: string): string {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) throw new UsageError(`invalid short URL "${value}"`);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return parseHttpUrlAsTyped(text, 'short URL');
  try {
    new URL(`http://${text}`);
  } catch {
    throw new UsageError(`invalid short URL "${value}"`);
  }
  return text;
}
