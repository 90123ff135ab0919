import type { DoneIndex } from '../engine/journal/journal.js';
import type { ImportInput } from '../engine/read/input.js';
import type { SourceRow } from '../engine/read/rows.js';
import { CredentialRows, linkBodyKey, RowChecker } from '../engine/check/row-check.js';

/** What an import will do, known before its first request. */
export interface ImportPlan {
  rows: number;
  invalid: number;
  /** Rows a previous run with the same journal already created. */
  done: number;
  /** Rows that will be sent. */
  toSend: number;
  /** The first row, to check --fields and name the failed-out columns. */
  first?: SourceRow;
  /** Valid rows whose URL carries a user name or password. */
  credentials: CredentialRows;
}

/**
 * Reads the whole input once, streaming: counts the rows, validates them (so a CSV that cannot be
 * parsed fails before anything is sent) and counts those the journal already holds.
 */
export async function planImport(input: ImportInput, done: DoneIndex, signal?: AbortSignal): Promise<ImportPlan> {
  const plan: ImportPlan = { rows: 0, invalid: 0, done: 0, toSend: 0, credentials: new CredentialRows() };
  const claimed = new Map<string, number>();
  const checker = new RowChecker();
  for await (const row of input.rows()) {
    if (signal?.aborted) throw signal.reason;
    plan.rows += 1;
    plan.first ??= row;
    const checked = checker.check(row);
    const key = checked.valid && done.size > 0 ? linkBodyKey(checked.body) : '';
    if (checked.valid) plan.credentials.note(row.row, checked.body);
    if (!checked.valid) {
      plan.invalid += 1;
    } else if (key && done.count(key) > (claimed.get(key) ?? 0)) {
      // Only keys the journal knows are remembered, so memory follows the journal, not the input.
      claimed.set(key, (claimed.get(key) ?? 0) + 1);
      plan.done += 1;
    } else {
      plan.toSend += 1;
    }
  }
  return plan;
}

/** `412 rows (3 invalid, 10 already done)` for the line before an import starts. */
export function describePlan(plan: Pick<ImportPlan, 'rows' | 'invalid' | 'done' | 'toSend'>): string {
  const notes = [];
  if (plan.invalid) notes.push(`${plan.invalid} invalid`);
  if (plan.done) notes.push(`${plan.done} already done`);
  const rows = `${plan.rows} row${plan.rows === 1 ? '' : 's'}`;
  return notes.length ? `${rows} (${notes.join(', ')})` : rows;
}
