/**
 * Whether two URLs name the same place: equal as written, or equal once parsed (`HTTPS://X.example`
 * and `https://x.example/` are one). Anything that is not a string, or does not parse, is equal
 * to nothing but itself.
 */
export function sameUrl(a: unknown, b: string): boolean {
  if (typeof a !== 'string') return false;
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}
