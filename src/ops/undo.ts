// `urls import --undo` as data: each link's result, the lines a person would read (the adopted
// links, the count and estimate, the summary), and the exit code the CLI would end with. The
// command prints the same run as it goes (src/bulk/undo/run.ts).
import type { Context } from '../context.js';
import type { Row } from '../output/fields.js';
import { collectingReport } from '../bulk/engine/end/report.js';
import type { RowStatus } from '../bulk/engine/pace/timing.js';
import { ownCleanups } from './own-cleanups.js';

interface UndoInput {
  /** The journal of the import runs whose links are deleted. */
  journal: string;
  /** Delete the adopted links too (found after a lost answer: perhaps another's). */
  includeAdopted?: boolean;
  /** How long the service may keep failing before the run stops. */
  maxOutageMs?: number;
}

interface UndoResult {
  /** One per link, in journal order: id, status (deleted, gone, failed), message. */
  rows: Row[];
  notes: string[];
  /** 0: every link deleted or gone; 1: some failed or changed since; 130/143: interrupted. */
  exitCode: number;
}

export async function undoImport(
  ctx: Context,
  input: UndoInput,
  opts: { tick?: (status: RowStatus) => void } = {},
): Promise<UndoResult> {
  const report = collectingReport(opts.tick);
  const { runUndo } = await import('../bulk/undo/run.js');
  const exitCode = await ownCleanups(ctx, (run) =>
    runUndo(run, {
      journal: input.journal,
      includeAdopted: input.includeAdopted,
      maxOutageMs: input.maxOutageMs,
      report,
    }),
  );
  return { rows: report.rows, notes: report.notes, exitCode };
}
