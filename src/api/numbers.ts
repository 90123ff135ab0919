// Servers of the v6 line do not cast database columns: ids, counts and plan ids arrive as
// strings ("id":"5", "clicks":"13"). Every modern answer passes here once, right after it is
// received, so the printers, -q, --fields and every comparison see the numbers they are.

/**
 * Keys that hold a whole number in the API (docs/api.md; or, for v6 extras, in the server's database).
 * Not `campaign`: a link's campaign id in v6 lists, but a campaign's name in v6 campaign answers.
 */
const NUMERIC_KEYS = new Set([
  'id',
  'clicks',
  'uniqueclicks',
  'uniqueClicks',
  'scans',
  'views',
  'planid',
  'result',
  'perpage',
  'currentpage',
  'nextpage',
  'maxpage',
]);

/** Only the exact decimal form of a safe integer: "007" or "1e3" stay text, nothing is lost. */
const INTEGER = /^-?(?:0|[1-9]\d{0,15})$/;

function asNumber(value: string): string | number {
  if (!INTEGER.test(value)) return value;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** `value` with every known numeric key that holds an integer as a string turned into that number, at any depth. */
export function withNumbers<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withNumbers) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    out[key] = NUMERIC_KEYS.has(key) && typeof field === 'string' ? asNumber(field) : withNumbers(field);
  return out as T;
}
