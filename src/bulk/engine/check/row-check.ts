import { createHash } from 'node:crypto';
import { ShortyError } from '../../../errors.js';
import { linkBodyFromRow, type LinkBody } from '../../../input/link-body.js';
import { credentialsWarning } from '../../../input/validate.js';
import type { SourceRow } from '../read/rows.js';
import { headerKey, linkColumnOf } from '../../../input/link-columns.js';

export type CheckedRow = { valid: true; body: LinkBody } | { valid: false; error: string };

/**
 * What names one link among a file's rows: two rows under one name would fight over one link (import:
 * the second create fails on a taken alias; sync: two rows would both describe it), so the second
 * is invalid, naming the first, in import, its dry run and sync alike.
 */
export interface RowIdentity {
  /** `alias`, `long URL`: said in the error. */
  what: string;
  /** The row's name, undefined when it has none. */
  of(body: LinkBody): string | undefined;
  /** Said when a row has no name and needs one (sync --key alias). */
  required?: string;
}

/**
 * Import's: a custom alias names one link (servers refuse an alias taken on any of the account's
 * domains, and sync keys links by alias alone); rows without an alias never clash.
 */
const ALIAS: RowIdentity = { what: 'alias', of: (body) => body.custom };

/**
 * The one row check of import, its dry run and sync: each row mapped and validated as `urls add`
 * validates flags (checkRow), then named (RowIdentity) and compared with the rows before it.
 * Stateful: feed it the rows in file order, once per pass.
 */
export class RowChecker {
  private readonly seen = new Map<string, number>();

  constructor(private readonly identity: RowIdentity = ALIAS) {}

  check(source: SourceRow): CheckedRow {
    const checked = checkRow(source);
    if (!checked.valid) return checked;
    const name = this.identity.of(checked.body);
    if (name === undefined) return this.identity.required ? { valid: false, error: this.identity.required } : checked;
    const earlier = this.seen.get(name);
    if (earlier !== undefined) {
      const what = this.identity.what;
      return { valid: false, error: `the same ${what} as row ${earlier}: each ${what} names one link` };
    }
    this.seen.set(name, source.row);
    return checked;
  }
}

/** Validates a row with the same mapping and checks as `urls add` (linkBodyFromRow). */
export function checkRow(source: SourceRow): CheckedRow {
  if (source.problem) return { valid: false, error: source.problem };
  try {
    const body = linkBodyFromRow(source.cells, source.columns);
    return { valid: true, body };
  } catch (err) {
    if (!(err instanceof ShortyError)) throw err;
    return { valid: false, error: shortUrlOnly(source) ? SHORT_URL_ONLY : err.message };
  }
}

const SHORT_URL_ONLY =
  'no long URL: the record names a short URL only (what legacy list prints); `shorty urls export` writes the long URLs';

/** A record with a short URL and no long URL at all: `legacy list` output, which cannot make a link. */
function shortUrlOnly(source: SourceRow): boolean {
  const filled = (name: string) => (source.cells[name] ?? '').trim() !== '';
  const names = Object.keys(source.cells);
  return (
    names.some((n) => headerKey(n) === 'shorturl' && filled(n)) &&
    !names.some((n) => linkColumnOf(n) === 'url' && filled(n))
  );
}

/**
 * What identifies a row in the journal: 128 bits of SHA-256 over the link body's JSON (fields in
 * the spec's fixed order), so a row is recognised however the file around it was edited, and an
 * edited row counts as a new one. Computed only when a journal is used.
 */
export function linkBodyKey(body: LinkBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32);
}

/**
 * Rows whose long URL carries a user name or password (`https://bank.com@evil.com`): they are
 * sent, and one line on stderr names them.
 */
export class CredentialRows {
  private readonly rows: number[] = [];
  private first?: string;
  private count = 0;

  note(row: number, body: LinkBody): void {
    const warning = credentialsWarning(body.url, `the URL of row ${row}`);
    if (!warning) return;
    this.count += 1;
    this.first ??= warning;
    if (this.rows.length < 6) this.rows.push(row);
  }

  warning(): string | undefined {
    if (!this.first) return undefined;
    const others = this.rows.slice(1);
    const more = this.count - this.rows.length;
    const also = others.length
      ? ` (also row${others.length > 1 ? 's' : ''} ${others.join(', ')}${more > 0 ? ` and ${more} more` : ''})`
      : '';
    return `warning: ${this.first}${also}`;
  }
}
