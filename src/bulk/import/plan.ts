import type { DoneEntry, DoneIndex } from '../engine/journal/journal.js';
import type { RowResult } from '../engine/end/results.js';
import type { ImportInput } from '../engine/read/input.js';
import type { SourceRow } from '../engine/read/rows.js';
import { CredentialRows, linkBodyKey, RowChecker } from '../engine/check/row-check.js';

/** What an import will do, known before its first request. */
export interface ImportPlan {
  rows: number;
  invalid: number;
  /** Rows a previous run with the same journal already created. */
  done: number;
  /** Rows a previous run sent whose link may exist (the lookup could not tell): not sent, reported as errors. */
  mayExist: number;
  /** Rows that will be sent. */
  toSend: number;
  /** The first row, to check --fields and name the failed-out columns. */
  first?: SourceRow;
  /** Valid rows whose URL carries a user name or password. */
  credentials: CredentialRows;
}

/**
 * What a row the journal answers for is: `skipped` when a previous run created it, an `error` when
 * that run's create may have made it (its lookup could not tell; not sent again). The plan before a
 * run and the run's results both ask here, so the plan line and the summary count such rows alike.
 */
export function previousResult(row: number, entry: DoneEntry): RowResult {
  return entry.undecided
    ? { row, status: 'error', error: entry.undecided }
    : { row, status: 'skipped', id: entry.id, shorturl: entry.shorturl, error: 'already created (journal)' };
}

/** A plan of no rows, counted up as the input is read. */
export function emptyPlan(): ImportPlan {
  return { rows: 0, invalid: 0, done: 0, mayExist: 0, toSend: 0, credentials: new CredentialRows() };
}

/**
 * Reads the whole input once, streaming: counts the rows, validates them (so a CSV that cannot be
 * parsed fails before anything is sent) and counts those the journal already answers for, taken in
 * file order as the run takes them.
 */
export async function planImport(input: ImportInput, done: DoneIndex, signal?: AbortSignal): Promise<ImportPlan> {
  const plan = emptyPlan();
  const claimed = new Map<string, number>();
  const checker = new RowChecker();
  for await (const row of input.rows()) {
    if (signal?.aborted) throw signal.reason;
    plan.rows += 1;
    plan.first ??= row;
    const checked = checker.check(row);
    const key = checked.valid && done.size > 0 ? linkBodyKey(checked.body) : '';
    if (checked.valid) plan.credentials.note(row.row, checked.body);
    // Only keys the journal knows are remembered, so memory follows the journal, not the input.
    const previous = key ? done.peek(key, claimed.get(key) ?? 0) : undefined;
    if (previous) claimed.set(key, (claimed.get(key) ?? 0) + 1);
    if (!checked.valid) plan.invalid += 1;
    else if (!previous) plan.toSend += 1;
    else if (previousResult(row.row, previous).status === 'skipped') plan.done += 1;
    else plan.mayExist += 1;
  }
  return plan;
}

/** `412 rows (3 invalid, 10 already done, 1 not found but may exist)` for the line before an import starts. */
export function describePlan(plan: Pick<ImportPlan, 'rows' | 'invalid' | 'done' | 'mayExist' | 'toSend'>): string {
  const notes = [];
  if (plan.invalid) notes.push(`${plan.invalid} invalid`);
  if (plan.done) notes.push(`${plan.done} already done`);
  if (plan.mayExist) notes.push(`${plan.mayExist} not found but may exist`);
  const rows = `${plan.rows} row${plan.rows === 1 ? '' : 's'}`;
  return notes.length ? `${rows} (${notes.join(', ')})` : rows;
}
