import { UsageError } from '../errors.js';

/** Validators shared by flags, `urls import` rows and the sandbox-free checks before any request.
 * Each returns the normalised value or throws UsageError (exit 2) naming what was wrong. */

export function parseId(value: string, what = 'id'): number {
  if (!/^[1-9]\d{0,15}$/.test(value.trim())) {
    throw new UsageError(`invalid ${what} "${value}": must be a positive integer`);
  }
  const id = Number(value.trim());
  // Past 2^53 a number can't hold every integer: 9007199254740993 would be sent as ...992.
  if (!Number.isSafeInteger(id)) {
    throw new UsageError(`invalid ${what} "${value}": must be at most ${Number.MAX_SAFE_INTEGER}`);
  }
  return id;
}

/**
 * An http(s) URL read as a browser reads it (WHATWG URL), refusing what a browser would silently
 * turn into another address: control characters (tabs and line breaks are dropped by the parser),
 * backslashes (read as `/`, so `https://evil.com\@good.com/` leads to evil.com), and a scheme not
 * followed by exactly `//` (`https:e.com`, `https:///e.com`). Raw spaces in the path, query or
 * fragment are allowed: the parser percent-encodes them.
 */
function checkHttpUrl(value: string, what = 'URL'): URL {
  const text = value.trim();
  const invalid = (why: string) => new UsageError(`invalid ${what} ${JSON.stringify(value)}: ${why}`);
  if (/[\u0000-\u001f\u007f]/.test(text)) throw invalid('it contains a control character (tab, line break, ...)');
  if (text.includes('\\')) throw invalid('it contains a backslash (browsers read it as /)');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('not a URL (include http:// or https://)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('only http and https URLs are allowed');
  if (!/^https?:\/\/[^/]/i.test(text)) throw invalid(`write it as ${url.protocol}//host/...`);
  if (!url.hostname) throw invalid('no host');
  return url;
}

/**
 * A link's destination (long URL, target, deep link, image): checked, then sent as the WHATWG
 * serialisation, i.e. what a browser would request (punycode host, percent-encoded path and query).
 */
export function parseHttpUrl(value: string, what = 'URL'): string {
  return checkHttpUrl(value, what).href;
}

/** A URL that names something the server already has (a domain, a short URL): checked, sent as typed. */
export function parseHttpUrlAsTyped(value: string, what = 'URL'): string {
  const text = value.trim();
  checkHttpUrl(text, what);
  if (/\s/.test(text)) throw new UsageError(`invalid ${what} ${JSON.stringify(value)}: it contains a space`);
  return text;
}

/**
 * A warning for a URL that carries a user name or password: `https://bank.com@evil.com` reads like
 * bank.com but leads to evil.com. Such links are legal, so they are sent, with one line said.
 */
export function credentialsWarning(url: string, what = 'the long URL'): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.username === '' && parsed.password === '') return undefined;
  return `${what} carries a user name or password before its host; it leads to ${parsed.host}`;
}

export function parseHexColor(value: string, what = 'colour'): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(value.trim())) {
    throw new UsageError(`invalid ${what} "${value}": use #RRGGBB, e.g. #1e90ff`);
  }
  return value.trim();
}

export function parseRgb(value: string, what = 'colour'): string {
  const m = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value.trim());
  if (!m || m.slice(1).some((n) => Number(n) > 255)) {
    throw new UsageError(`invalid ${what} "${value}": use rgb(r,g,b) with each value 0-255`);
  }
  return `rgb(${m[1]},${m[2]},${m[3]})`;
}

export function parseChoice<T extends string>(value: string, choices: readonly T[], what: string): T {
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(`invalid ${what} "${value}": expected one of ${choices.join(', ')}`);
  }
  return value as T;
}

/** A positive integer flag such as --limit or --page. */
export function parsePositiveInt(value: string, flag: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value.trim()))
    throw new UsageError(`invalid ${flag} "${value}": must be a positive integer`);
  return Number(value.trim());
}
