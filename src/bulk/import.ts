import type { Context } from '../context.js';
import { checkFields, parseFieldList } from '../output/fields.js';
import { detectInputFormat, type InputFormat } from './input-format.js';
import { DoneIndex, loadJournal } from './journal.js';
import { describePlan, planImport, type ImportPlan } from './plan.js';
import { readRows } from './read-rows.js';
import { bulkOutputFormat, openResultSink, resultRow, type RowResult } from './results.js';
import { checkRow, linkBodyKey } from './row-check.js';
import type { IfExists } from './send-row.js';
import { openInput, type InputFile } from './source.js';
import { emptyCounts, estimateMs, formatEstimate, formatRate, summaryLine } from './timing.js';
import { runLiveImport } from './import-live.js';

export interface ImportOptions {
  file?: string;
  /** Forced input format; detected from the first line when absent. */
  format?: InputFormat;
  dryRun: boolean;
  journal?: string;
  failedOut?: string;
  ifExists: IfExists;
}

/** `urls import`: returns the exit code (0 all ok/skipped, 1 some rows failed, 130 interrupted). */
export async function runImport(ctx: Context, opts: ImportOptions): Promise<number> {
  const outputFormat = bulkOutputFormat(ctx, 'urls import');
  const input = await openInput(ctx, opts.file);
  const format = opts.format ?? detectInputFormat(await input.head());
  const settings = await ctx.settings();
  const done = opts.journal ? await loadJournal(opts.journal) : new DoneIndex();
  // -q keeps stderr for what went wrong; the plan and the summary are for people watching.
  const note = (text: string) => void (ctx.globals.quiet || ctx.io.stderr.write(`${text}\n`));
  const estimate = (requests: number) =>
    `${formatEstimate(estimateMs(requests, settings.rateLimit))} at ${formatRate(settings.rateLimit)}`;

  if (opts.dryRun) return runDryImport(ctx, { input, format, done, outputFormat, note, estimate });

  const plan = await planImport(input, format, done, ctx.signal);
  checkFieldsBeforeSending(ctx, plan);
  note(`${describePlan(plan)}, ${estimate(plan.toSend)}`);
  return runLiveImport(ctx, { ...opts, input, format, done, plan, outputFormat, rateLimit: settings.rateLimit, domain: settings.domain, note });
}

/** A --fields typo must fail before the first link is created, not after. */
function checkFieldsBeforeSending(ctx: Context, plan: ImportPlan): void {
  const fields = parseFieldList(ctx.globals.fields);
  if (fields && plan.first && !ctx.globals.quiet) checkFields(resultRow(plan.first.cells, { row: 1, status: 'ok' }), fields);
}

interface DryRun {
  input: InputFile;
  format: InputFormat;
  done: DoneIndex;
  outputFormat: ReturnType<typeof bulkOutputFormat>;
  note(text: string): void;
  estimate(requests: number): string;
}

/** Validates every row and sends nothing: valid rows are `valid`, rows in the journal `skipped`. */
async function runDryImport(ctx: Context, run: DryRun): Promise<number> {
  const started = ctx.now();
  const sink = await openResultSink(ctx, run.outputFormat, { quietField: 'url', batch: true });
  const counts = emptyCounts();
  const plan: ImportPlan = { rows: 0, invalid: 0, done: 0, toSend: 0 };
  for await (const source of readRows(run.input.chunks(), run.format)) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const checked = checkRow(source);
    let result: RowResult;
    if (!checked.valid) result = { row: source.row, status: 'invalid', error: checked.error };
    else {
      const previous = run.done.size > 0 ? run.done.take(linkBodyKey(checked.body)) : undefined;
      result = previous
        ? { row: source.row, status: 'skipped', ...previous, error: 'already created (journal)' }
        : { row: source.row, status: 'valid' };
    }
    counts[result.status] += 1;
    plan.rows += 1;
    if (result.status === 'invalid') plan.invalid += 1;
    if (result.status === 'skipped') plan.done += 1;
    if (result.status === 'valid') plan.toSend += 1;
    await sink.write(resultRow(source.cells, result));
  }
  await sink.end();
  run.note(`${describePlan(plan)}, ${run.estimate(plan.toSend)}`);
  run.note(`dry run: ${summaryLine(counts, ctx.now() - started, true)}; nothing was sent`);
  return counts.invalid > 0 ? 1 : 0;
}
