import { UsageError } from '../errors.js';

export type Row = Record<string, unknown>;

function isPlainObject(value: unknown): value is Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `--fields a, b,details.longurl` -> ['a', 'b', 'details.longurl']. */
export function parseFieldList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const fields = text
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) throw new UsageError('--fields needs at least one field name');
  return fields;
}

/** The value at a dotted path (`details.longurl`), undefined when any step is missing. */
export function getPath(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (!isPlainObject(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

function hasPath(row: unknown, path: string): boolean {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (!isPlainObject(value) || !Object.hasOwn(value, key)) return false;
    value = value[key];
  }
  return true;
}

/** Every path --fields accepts for a row: top-level keys and, inside objects, their dotted paths. */
export function fieldPaths(row: Row, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(row)) {
    const path = prefix + key;
    paths.push(path);
    if (isPlainObject(value)) paths.push(...fieldPaths(value, `${path}.`));
  }
  return paths;
}

/** Throws a usage error naming the valid fields when one of `fields` is not in `row`. */
export function checkFields(row: Row, fields: string[]): void {
  const unknown = fields.filter((f) => !hasPath(row, f));
  if (unknown.length > 0) throw unknownFields(unknown, fieldPaths(row));
}

/** The same check against the fields a resource is declared to have, so it can run before any request. */
export function checkKnownFields(fields: string[], known: readonly string[]): void {
  const unknown = fields.filter((f) => !known.includes(f));
  if (unknown.length > 0) throw unknownFields(unknown, known);
}

export function unknownFields(unknown: string[], valid: readonly string[]): UsageError {
  const plural = unknown.length > 1 ? 's' : '';
  return new UsageError(
    `unknown field${plural} ${unknown.map((f) => `"${f}"`).join(', ')}`,
    `valid fields: ${valid.join(', ')}`,
  );
}

/**
 * A flat row with the chosen fields in order; a dotted path becomes a key named by the path. A field
 * this answer lacks (one a server version leaves out) is null: every record has the same keys.
 */
export function pickFields(row: Row, fields: string[]): Row {
  const out: Row = {};
  for (const field of fields) out[field] = getPath(row, field) ?? null;
  return out;
}

/**
 * The row with `keys` first, in that order (those it has), then its other keys as they came:
 * servers of different versions send the same record's keys in different orders.
 */
export function keysInOrder(row: Row, keys: readonly string[]): Row {
  const out: Row = {};
  for (const key of keys) if (Object.hasOwn(row, key) && row[key] !== undefined) out[key] = row[key];
  for (const [key, value] of Object.entries(row)) if (!Object.hasOwn(out, key) && value !== undefined) out[key] = value;
  return out;
}

/** Nested objects spread into dotted keys (`details.longurl`), for key/value tables. Arrays stay whole. */
export function flattenRow(row: Row, prefix = ''): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (isPlainObject(value) && Object.keys(value).length > 0)
      Object.assign(out, flattenRow(value, `${prefix}${key}.`));
    else out[prefix + key] = value;
  }
  return out;
}

/** An API response without its `error` flag (the exit code already says it succeeded). */
export function withoutError(obj: Row): Row {
  const { error: _error, ...rest } = obj;
  return rest;
}
