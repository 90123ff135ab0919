import { UsageError } from '../../../errors.js';
import { headerKey, LINK_COLUMNS, linkColumnOf, type ColumnPlan } from '../../../input/link-columns.js';

/** The columns every import result adds to the input's own (the outcome, and the link made). */
export const RESULT_COLUMNS = ['row', 'status', 'id', 'alias', 'shorturl', 'longurl', 'error'] as const;

/**
 * The rule of `urls import --fields`: a field is a result column (RESULT_COLUMNS), or an input
 * column, named as the input names it (case, spaces, `-` and `_` aside: `"long url"` for `Long
 * URL`) or by the link field it holds (`url` for a `Long URL` column, `title` or `metatitle` for
 * `Title`, whatever `--map` says). Each field maps to the result row's column it reads; one the
 * input has not got is exit 2, before any request, naming the fields there are.
 */
export function resultFieldSources(fields: readonly string[], input: ColumnPlan): Map<string, string> {
  const results: readonly string[] = RESULT_COLUMNS;
  const sources = new Map<string, string>();
  const unknown: string[] = [];
  for (const field of fields) {
    const source = results.includes(field) ? field : inputColumn(field, input);
    if (source === undefined) unknown.push(field);
    else sources.set(field, source);
  }
  if (unknown.length > 0) {
    const plural = unknown.length > 1 ? 's' : '';
    throw new UsageError(
      `unknown field${plural} ${unknown.map((f) => JSON.stringify(f)).join(', ')}: not a result column, nor a column of the input`,
      `valid fields: ${validFields(input).join(', ')}`,
    );
  }
  return sources;
}

/**
 * The input column a field names. A column named like a result column gives way to it (resultRow),
 * which holds the same data: `custom` on an export's `alias` column reads the result's `alias`.
 */
function inputColumn(field: string, input: ColumnPlan): string | undefined {
  const key = headerKey(field);
  const named = input.headers.find((h) => h === field) ?? input.headers.find((h) => headerKey(h) === key);
  if (named !== undefined) return named;
  const linkField = linkColumnOf(field);
  return linkField === undefined ? undefined : input.fields.find(([, f]) => f === linkField)?.[0];
}

function validFields(input: ColumnPlan): string[] {
  const linkNames = LINK_COLUMNS.filter((c) => input.fields.some(([, f]) => f === c));
  const names = [...RESULT_COLUMNS, ...input.headers, ...linkNames];
  return [...new Set(names)];
}
