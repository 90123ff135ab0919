import type { Context } from '../../context.js';
import { profileDomain } from '../../input/domain.js';
import type { ColumnMapOption } from '../../input/link-columns.js';
import { checkFields, parseFieldList } from '../../output/fields.js';
import { emptyJournalState, readJournal, type JournalState } from '../engine/journal/journal.js';
import { claimJournal } from '../engine/journal/journal-owner.js';
import { lockJournal } from '../engine/journal/journal-lock.js';
import { describePlan, planImport, type ImportPlan } from './plan.js';
import { checkImportFiles } from '../engine/read/distinct-files.js';
import type { Delimiter, InputFormat } from '../engine/read/format.js';
import { openImportInput } from '../engine/read/input.js';
import { bulkOutputFormat, resultRow } from '../engine/end/results.js';
import type { IfExists } from '../engine/send/send-row.js';
import { budgetEstimate } from '../engine/pace/budget-estimate.js';
import { runLiveImport } from './live.js';
import { settleOpenIntents } from '../engine/reconcile/resume.js';
import { bulkApi, outagePolicy } from '../engine/send/stage.js';
import { runDryImport } from './dry.js';
import { requireBaseUrl } from '../../settings/base-url.js';

export interface ImportOptions {
  file?: string;
  /** Forced input format; detected from the first line when absent. */
  format?: InputFormat;
  /** Forced CSV delimiter; detected from the header when absent. */
  delimiter?: Delimiter;
  /** The encoding of input without a byte order mark (default UTF-8). */
  encoding?: string;
  /** `--map HEADER=FIELD`. */
  map?: ColumnMapOption;
  dryRun: boolean;
  journal?: string;
  failedOut?: string;
  ifExists: IfExists;
  /** How long the service may keep failing before the run stops (--max-outage; default 1h). */
  maxOutageMs?: number;
  /** The command line as given, to say how to continue a run stopped by its output. */
  argv?: readonly string[];
}

/** `urls import`: returns the exit code (0 all ok/skipped, 1 some rows failed or not sent, 130/143 interrupted). */
export async function runImport(ctx: Context, opts: ImportOptions): Promise<number> {
  await checkImportFiles(ctx, opts);
  const outputFormat = bulkOutputFormat(ctx, 'urls import');
  const warn = (text: string) => void ctx.io.stderr.write(`${text}\n`);
  const input = await openImportInput(ctx, opts, warn);
  const settings = await ctx.settings();
  const profile = profileDomain(settings.domain);
  // Held from before the journal is read until the run ends (the last row journaled).
  if (opts.journal && !opts.dryRun)
    ctx.onClose(await lockJournal(opts.journal, { create: true, configDir: settings.configDir }));
  const journal: JournalState = opts.journal ? await readJournal(opts.journal, ctx.signal) : emptyJournalState();
  if (opts.journal) await claimJournal(ctx, opts.journal, journal, { readOnly: opts.dryRun });
  const { done } = journal;
  const outage = outagePolicy(ctx.env, opts.maxOutageMs, journal.answered);
  // -q keeps stderr for what went wrong; the plan and the summary are for people watching.
  const note = (text: string) => void (ctx.globals.quiet || warn(text));

  // A dry run opens no client: its estimate reads the limiter's state on its own.
  if (opts.dryRun)
    return runDryImport(ctx, {
      input,
      done,
      outputFormat,
      note,
      warn,
      estimate: (n) => budgetEstimate(ctx, settings, n),
      aliases: opts.ifExists === 'skip' ? { domain: () => profile?.url ?? requireBaseUrl(settings) } : undefined,
    });

  if (opts.journal) await settleOpenIntents(ctx, opts.journal, journal, outage);
  const plan = await planImport(input, done, ctx.signal);
  checkFieldsBeforeSending(ctx, plan);
  const credentials = plan.credentials.warning();
  if (credentials) warn(credentials);
  note(`${describePlan(plan)}, ${await budgetEstimate(ctx, settings, plan.toSend, await bulkApi(ctx))}`);
  return runLiveImport(ctx, {
    ...opts,
    input,
    format: input.shape.format,
    done,
    claimed: journal.claimed,
    outage,
    plan,
    outputFormat,
    rateLimit: settings.rateLimit,
    domain: profile?.url,
    note,
  });
}

/** A --fields typo must fail before the first link is created, not after. */
function checkFieldsBeforeSending(ctx: Context, plan: ImportPlan): void {
  const fields = parseFieldList(ctx.globals.fields);
  if (fields && plan.first && !ctx.globals.quiet)
    checkFields(resultRow(plan.first.cells, { row: 1, status: 'ok' }, plan.first.columns), fields);
}
