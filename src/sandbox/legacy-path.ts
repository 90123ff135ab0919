// Parsing of legacy paths: /api/v1/<KEY>/shorturl/<operation>/<name>/<value>/...(.json|.xml)
// Values are percent-encoded path segments; `url` and `short_url` are, in addition, standard
// base64 of the UTF-8 text (URL-safe `-` `_` are accepted too, and so are a raw `/` and `+`).
// Other values are plain text.
import { AppError } from './validate.js';

export type LegacyFormat = 'json' | 'xml';

export interface LegacyRequest {
  key: string;
  format: LegacyFormat;
  operation: string;
  /** raw, still percent-encoded name/value segments after the operation */
  rest: string[];
}

export const LEGACY_PREFIX = '/api/v1/';

/** Splits the path; null means "not a legacy path we know" (answered with the HTML 404). */
export function parseLegacyPath(path: string): LegacyRequest | null {
  if (!path.startsWith(LEGACY_PREFIX)) return null;
  const segments = path.slice(LEGACY_PREFIX.length).split('/');
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  let format: LegacyFormat = 'json'; // no extension: JSON, the default of the service
  const last = segments.length - 1;
  const ext = /\.(json|xml)$/i.exec(segments[last]);
  if (ext) {
    format = ext[1].toLowerCase() as LegacyFormat;
    segments[last] = segments[last].slice(0, -ext[0].length);
  } else if (/\.[A-Za-z]+$/.test(segments[last])) {
    return null;
  }
  let key: string;
  try {
    key = decodeURIComponent(segments[0] ?? '');
  } catch {
    key = '';
  }
  if (segments[1] !== 'shorturl' || !segments[2]) return { key, format, operation: '', rest: [] };
  return { key, format, operation: segments[2], rest: segments.slice(3) };
}

/** The path with the key replaced by `***`, for the request log. */
export function redactLegacyPath(path: string): string {
  if (!path.startsWith(LEGACY_PREFIX)) return path;
  const after = path.slice(LEGACY_PREFIX.length);
  const slash = after.indexOf('/');
  return `${LEGACY_PREFIX}***${slash < 0 ? '' : after.slice(slash)}`;
}

const BASE64_VALUES = new Set(['url', 'short_url']);

/**
 * name/value pairs in any order; unknown names and a name without a value are errors (code 400).
 * Clients put standard base64 in the path without percent-encoding its `/`, which splits a
 * `url` or `short_url` value over several segments: such a value runs up to the next parameter
 * name (a chunk of base64 that equals one would be read as that parameter: no real URL does it).
 */
export function readPairs(rest: string[], allowed: readonly string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (let i = 0; i < rest.length; ) {
    const name = rest[i];
    if (!allowed.includes(name)) throw new AppError(`Unknown parameter "${name}".`);
    if (i + 1 >= rest.length) throw new AppError('Parameters must come as name/value pairs.');
    let end = i + 2;
    if (BASE64_VALUES.has(name)) while (end < rest.length && !allowed.includes(rest[end])) end++;
    let value: string;
    try {
      value = rest
        .slice(i + 1, end)
        .map(decodeURIComponent)
        .join('/');
    } catch {
      throw new AppError(`Parameter "${name}" is not correctly percent-encoded.`);
    }
    pairs.set(name, BASE64_VALUES.has(name) ? decodeBase64(name, value) : value);
    i = end;
  }
  return pairs;
}

function decodeBase64(name: string, value: string): string {
  const standard = value.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  if (standard === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(standard) || standard.replace(/=+$/, '').length % 4 === 1) {
    throw new AppError(`Parameter "${name}" must be base64 encoded.`);
  }
  return Buffer.from(standard, 'base64').toString('utf8');
}
