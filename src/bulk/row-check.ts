import { createHash } from 'node:crypto';
import { ShortyError } from '../errors.js';
import { linkBodyFromRow, type LinkBody } from '../input/link-body.js';
import type { SourceRow } from './read-rows.js';

export type CheckedRow =
  | { valid: true; body: LinkBody }
  | { valid: false; error: string };

/** Validates a row with the same mapping and checks as `urls add` (linkBodyFromRow). */
export function checkRow(source: SourceRow): CheckedRow {
  if (source.problem) return { valid: false, error: source.problem };
  try {
    const body = linkBodyFromRow(source.cells);
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
