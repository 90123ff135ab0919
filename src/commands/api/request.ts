// Parsing of `shorty api` arguments into one request, before anything is sent (exit 2 on errors).
import { UsageError } from '../../errors.js';
import type { Method, Query } from '../../api/modern.js';

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

export function parseMethod(value: string): Method {
  const upper = value.toUpperCase() as Method;
  if (!METHODS.includes(upper))
    throw new UsageError(`invalid method "${value}": expected one of ${METHODS.join(', ')}`);
  return upper;
}

/** A path relative to `/api` (`/urls?limit=5`); a pasted `/api/urls` works too. */
export function parseApiPath(value: string): string {
  const text = value.trim();
  if (!text.startsWith('/')) {
    throw new UsageError(
      `invalid path "${value}": must start with /`,
      'e.g. `shorty api GET /urls` (relative to {base_url}/api)',
    );
  }
  const stripped = text.replace(/^\/api(?=[/?#]|$)/, '');
  return stripped === '' || stripped.startsWith('?') ? `/${stripped}` : stripped;
}

/** `true`, `false`, `null` and JSON numbers become JSON values; anything else stays a string (like `gh api -F`). */
export function typedValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(raw) && Number.isFinite(Number(raw))) return Number(raw);
  return raw;
}

/** `-f key=value` (repeatable); `key[]=v` appends to an array, so `-f pixels[]=1 -f pixels[]=2` gives [1, 2]. */
export function fieldsToObject(fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const eq = field.indexOf('=');
    if (eq <= 0) throw new UsageError(`invalid field "${field}": use key=value`);
    const key = field.slice(0, eq);
    const value = typedValue(field.slice(eq + 1));
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const list = Array.isArray(out[name]) ? (out[name] as unknown[]) : [];
      out[name] = [...list, value];
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** With GET, fields go to the query string (as `gh api` does); arrays repeat nothing: they are joined with commas. */
export function fieldsToQuery(fields: Record<string, unknown>): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(fields)) {
    query[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}

/** The JSON of `--input`; invalid JSON is a usage error, found before any request. */
export function parseInputJson(text: string, source: string): unknown {
  if (text.trim() === '') throw new UsageError(`--input ${source}: empty input, expected a JSON body`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--input ${source}: invalid JSON (${(err as Error).message})`);
  }
  // Parsing has no depth limit but sending it again has: found here, before any request.
  try {
    JSON.stringify(value);
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(`--input ${source}: JSON nested too deeply to send`);
    throw err;
  }
  return value;
}
