// A bulk import as data: each row's result, the lines a person would read (the plan, the
// estimate, the summary), and the exit code the CLI would end with. The command prints the same
// run as it goes (src/bulk/import/run.ts); this collects it for a caller that answers at the end.
import { UsageError } from '../errors.js';
import type { Context } from '../context.js';
import type { Row } from '../output/fields.js';
import { collectingReport } from '../bulk/engine/end/report.js';
import type { RowStatus } from '../bulk/engine/pace/timing.js';
import type { IfExists } from '../bulk/engine/send/send-row.js';
import { CLI_WORDS, type Words } from './words.js';
import { ownCleanups } from './own-cleanups.js';

interface ImportInput {
  /** The links, one object each, with the columns of an import file. */
  rows?: Record<string, unknown>[];
  /** Or a file to read. */
  file?: string;
  /** Or the text of a file, read by the caller (rows or file, then, are not given). */
  text?: string;
  /** Check and plan only: nothing that changes the account is sent. */
  dryRun: boolean;
  /** The journal to record into and resume from (a live run). */
  journal?: string;
  ifExists: IfExists;
  /** How long the service may keep failing before the run stops. */
  maxOutageMs?: number;
}

interface ImportResult {
  rows: Row[];
  notes: string[];
  /** 0: every row ok or skipped; 1: some failed; 130/143: interrupted. */
  exitCode: number;
}

/** Rows or a file, not both, not neither: checked before anything is read. */
export function importSource(input: Pick<ImportInput, 'rows' | 'file'>, words: Words = CLI_WORDS) {
  if ((input.rows === undefined) === (input.file === undefined))
    throw new UsageError(`give either ${words.field('rows')} or ${words.field('file')}`);
  return input.rows ? { text: input.rows.map((row) => JSON.stringify(row)).join('\n') } : { file: input.file };
}

export async function importLinks(
  ctx: Context,
  input: ImportInput,
  opts: { words?: Words; tick?: (status: RowStatus) => void } = {},
): Promise<ImportResult> {
  const source = input.text !== undefined ? { text: input.text } : importSource(input, opts.words);
  return ownCleanups(ctx, (run) => collect(run, input, source, opts));
}

async function collect(
  ctx: Context,
  input: ImportInput,
  source: ReturnType<typeof importSource>,
  opts: { tick?: (status: RowStatus) => void },
): Promise<ImportResult> {
  const report = collectingReport(opts.tick);
  const { runImport } = await import('../bulk/import/run.js');
  const exitCode = await runImport(ctx, {
    ...source,
    dryRun: input.dryRun,
    journal: input.journal,
    ifExists: input.ifExists,
    maxOutageMs: input.maxOutageMs,
    report,
  });
  return { rows: report.rows, notes: report.notes, exitCode };
}
