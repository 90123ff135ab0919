/**
 * The secrets of a run (the API key, proxy credentials, passwords the user gave) and the one
 * function that hides them: every writer (stdout, error lines, debug and curl lines, the import's
 * journal and failed rows) passes text through `redact`, which replaces each secret with `***`.
 *
 * A server may echo a secret in another form than it was sent, so each one is found in every
 * spelling it can take on the way back, in any letter case (a server may upper-case it): raw, percent-encoded (either case of hex, any mix of
 * encoded and plain characters), form-encoded (`+` for a space), JSON-escaped (PHP writes `\/`)
 * and XML-escaped; a library's debug line may write a quote `\'` (Node's inspect). `Bearer sk_…`
 * and `Token sk_…` are covered by the key itself.
 */
export interface Secrets {
  /** Hides `secret` from now on, everywhere. Empty and very short values are ignored (see MIN_LENGTH). */
  add(secret: string | undefined): void;
  /** `text` with every secret, and every one of `extra` (secrets of one request), as `***`. */
  redact(text: string, extra?: readonly (string | undefined)[]): string;
}

/**
 * Secrets shorter than this are not searched for in text: a two-letter link password would match
 * inside unrelated words and short URLs and mangle them. The request lines of --debug still mask
 * a password of any length by its place (maskRequestSecrets).
 */
const MIN_LENGTH = 4;

export const REDACTED = '***';

/**
 * A server may echo a piece of a secret (a key cut short: `sk_live_0123456789ab...`). Any run of
 * this many characters of a secret, or more, is hidden as well; shorter runs are too likely to be
 * ordinary text.
 */
const MIN_PIECE = 12;

export function createSecrets(): Secrets {
  const patterns = new Map<string, string>();
  // null: nothing to hide; undefined: to be compiled again after an add.
  let combined: RegExp | null | undefined = null;
  const compile = (sources: Iterable<string>) => {
    // Longest first: a secret that contains another is replaced whole.
    const list = [...sources].sort((a, b) => b.length - a.length);
    // Any letter case: a server may echo a secret upper-cased (`SK_LIVE_…`).
    return list.length === 0 ? null : new RegExp(list.join('|'), 'gi');
  };
  const long: string[] = [];
  let pieces: RegExp | null = null;
  return {
    add(secret) {
      if (!searchable(secret) || patterns.has(secret)) return;
      patterns.set(secret, secretPattern(secret));
      combined = undefined;
      if (secret.length > MIN_PIECE) {
        long.push(secret);
        pieces = piecePattern(long);
      }
    },
    redact(text, extra) {
      const more = (extra ?? []).filter((s): s is string => searchable(s) && !patterns.has(s));
      let out: string;
      if (more.length === 0) {
        if (combined === undefined) combined = compile(patterns.values());
        out = combined ? text.replace(combined, REDACTED) : text;
      } else {
        const once = compile([...patterns.values(), ...more.map(secretPattern)]);
        out = once ? text.replace(once, REDACTED) : text;
      }
      return pieces ? hidePieces(out, pieces, long) : out;
    },
  };
}

/** Every run of MIN_PIECE characters of the secrets, as one pattern. */
function piecePattern(secrets: string[]): RegExp {
  const windows = new Set<string>();
  for (const secret of secrets)
    for (let i = 0; i + MIN_PIECE <= secret.length; i++) windows.add(escapeRegExp(secret.slice(i, i + MIN_PIECE)));
  return new RegExp([...windows].join('|'), 'gi');
}

/** `text` with each piece of a secret (MIN_PIECE characters or more, in any letter case) replaced by `***`. */
function hidePieces(text: string, pattern: RegExp, secrets: string[]): string {
  let out = '';
  let from = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    // The piece goes on as far as it follows one of the secrets.
    let end = match.index + match[0].length;
    for (const secret of secrets) {
      for (let at = 0; at + match[0].length <= secret.length; at++) {
        if (!sameLetters(secret, at, match[0], 0, match[0].length)) continue;
        let n = match[0].length;
        while (at + n < secret.length && sameLetters(text, match.index + n, secret, at + n, 1)) n += 1;
        end = Math.max(end, match.index + n);
      }
    }
    out += text.slice(from, match.index) + REDACTED;
    from = end;
    pattern.lastIndex = end;
  }
  return out + text.slice(from);
}

/** `length` characters of `a` from `i` and of `b` from `j` are the same, ignoring letter case. */
function sameLetters(a: string, i: number, b: string, j: number, length: number): boolean {
  for (let k = 0; k < length; k++) {
    const x = a[i + k];
    const y = b[j + k];
    if (x === undefined || y === undefined || x.toLowerCase() !== y.toLowerCase()) return false;
  }
  return true;
}

function searchable(secret: string | undefined): secret is string {
  return typeof secret === 'string' && [...secret].length >= MIN_LENGTH;
}

/** Other spellings of one character, as a server may write it back. */
const ESCAPED: Record<string, string[]> = {
  ' ': ['+'],
  '"': ['\\"', '&quot;', '&#34;'],
  '\\': ['\\\\'],
  '/': ['\\/'],
  '&': ['&amp;'],
  '<': ['&lt;'],
  '>': ['&gt;'],
  "'": ['&apos;', '&#39;', "\\'"],
};

/** A pattern matching `secret` written any of those ways, character by character. */
function secretPattern(secret: string): string {
  return [...secret]
    .map((char) => {
      const encoded = [...Buffer.from(char, 'utf8')].map((byte) => `%${hexDigits(byte)}`).join('');
      const forms = [escapeRegExp(char), encoded, ...(ESCAPED[char] ?? []).map(escapeRegExp)];
      return `(?:${forms.join('|')})`;
    })
    .join('');
}

/** A byte's two hex digits, either case: `%2f` and `%2F` are the same byte. */
function hexDigits(byte: number): string {
  return byte
    .toString(16)
    .padStart(2, '0')
    .replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
