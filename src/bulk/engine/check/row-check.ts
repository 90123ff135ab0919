import { createHash } from 'node:crypto';
import { ShortyError } from '../../../errors.js';
import { linkBodyFromRow, type LinkBody } from '../../../input/link-body.js';
import { credentialsWarning } from '../../../input/validate.js';
import type { SourceRow } from '../read/rows.js';

export type CheckedRow = { valid: true; body: LinkBody } | { valid: false; error: string };

/** Validates a row with the same mapping and checks as `urls add` (linkBodyFromRow). */
export function checkRow(source: SourceRow): CheckedRow {
  if (source.problem) return { valid: false, error: source.problem };
  try {
    const body = linkBodyFromRow(source.cells, source.columns);
    return { valid: true, body };
  } catch (err) {
    if (err instanceof ShortyError) return { valid: false, error: err.message };
    throw err;
  }
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
