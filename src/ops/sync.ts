// `urls sync` as data: the plan (src/bulk/sync/plan-json.ts) without sending anything, or the
// apply with each write's result; the lines a person would read (the warnings, the totals, the
// summary), and the exit code the CLI would end with. The command prints the same run as it goes
// (src/bulk/sync/run.ts).
import type { Context } from '../context.js';
import type { Row } from '../output/fields.js';
import { collectingReport } from '../bulk/engine/end/report.js';
import type { RowStatus } from '../bulk/engine/pace/timing.js';
import type { SyncKey } from '../bulk/sync/desired.js';
import type { SyncOptions } from '../bulk/sync/run.js';
import { ownCleanups } from './own-cleanups.js';

interface SyncInput {
  /** The file the account is to match. */
  file?: string;
  /** Or the text of such a file, read by the caller. */
  text?: string;
  /** What matches a row to a link: its alias or its long URL. */
  key: SyncKey;
  /** Delete the links the file does not have. */
  prune: boolean;
  /** With prune: a file without rows is meant (every link deleted), not a failed download. */
  allowEmpty?: boolean;
  /** An apply's journal, to resume from and to undo with. */
  journal?: string;
  /** How long the service may keep failing before the run stops. */
  maxOutageMs?: number;
  /** Links per list request. */
  pageSize?: number;
}

interface PlanResult {
  /** { key, creates, updates, deletes, invalid, unchanged, accountOnly, withheld, read } */
  plan: Row;
  notes: string[];
  /** 0: the plan can be applied as it is; 1: some row is invalid. */
  exitCode: number;
}

interface ApplyResult {
  plan: Row;
  /** One per write, in plan order: key, op, status (created, updated, deleted, gone, failed), ... */
  rows: Row[];
  notes: string[];
  /** 0: every write made; 1: a row invalid or a write failed; 130/143: interrupted. */
  exitCode: number;
}

/** What a sync would change: nothing is sent but the account's read. */
export async function planSync(ctx: Context, input: SyncInput): Promise<PlanResult> {
  const { plan, notes, exitCode } = await syncRun(ctx, input, { dryRun: true });
  return { plan, notes, exitCode };
}

/** Makes the account match the file: the plan, then each write's result. */
export async function applySync(
  ctx: Context,
  input: SyncInput,
  opts: { tick?: (status: RowStatus) => void } = {},
): Promise<ApplyResult> {
  return syncRun(ctx, input, { dryRun: false, tick: opts.tick });
}

async function syncRun(
  ctx: Context,
  input: SyncInput,
  opts: { dryRun: boolean; tick?: (status: RowStatus) => void },
): Promise<ApplyResult> {
  const collected = collectingReport(opts.tick);
  let plan: Row = {};
  const { runSync } = await import('../bulk/sync/run.js');
  const options: SyncOptions = {
    ...input,
    dryRun: opts.dryRun,
    check: false,
    journal: opts.dryRun ? undefined : input.journal,
    report: { ...collected, plan: (data) => void (plan = data) },
  };
  const exitCode = await ownCleanups(ctx, (run) => runSync(run, options));
  return { plan, rows: collected.rows, notes: collected.notes, exitCode };
}
