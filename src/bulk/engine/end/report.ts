// Where a bulk run reports, when the caller takes its results as data instead of the printed
// output (the MCP import tool): each row's result as a record, and the lines a person would read.
import type { Row } from '../../../output/fields.js';
import type { RowStatus } from '../pace/timing.js';
import type { Progress } from './progress.js';
import type { ResultSink } from './results.js';

export interface RunReport {
  /** One row's result, in input order: its columns, then row, status, id, alias, shorturl, longurl, error. */
  row(row: Row): Promise<void>;
  /** The plan, the estimate, the summary: what the CLI writes on stderr for people watching. */
  note(text: string): void;
  /** What the caller should know (a URL with credentials, columns not imported, a wait). */
  warn(text: string): void;
  /** A row of a live run finished, with how it ended. */
  tick?(status: RowStatus): void;
}

/** The results of a run go to the report instead of stdout. */
export function reportSink(report: RunReport): ResultSink {
  return { write: (row) => report.row(row), flush: async () => {}, end: async () => {} };
}

/** The rows done go to the report instead of a progress bar. */
export function reportProgress(report: RunReport): Progress {
  return { tick: (status) => report.tick?.(status ?? 'ok'), stop: () => {} };
}

/** A report that keeps what a run says, for a caller that answers at the end: its rows and its lines. */
export function collectingReport(tick?: (status: RowStatus) => void): RunReport & { rows: Row[]; notes: string[] } {
  const rows: Row[] = [];
  const notes: string[] = [];
  return {
    rows,
    notes,
    row: async (row) => void rows.push(row),
    note: (text) => void notes.push(text),
    warn: (text) => void notes.push(text),
    tick,
  };
}
