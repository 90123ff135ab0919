import type { Context } from '../../context.js';
import { profileDomain } from '../../input/domain.js';
import type { ColumnMapOption } from '../../input/link-columns.js';
import { parseFieldList } from '../../output/fields.js';
import { emptyJournalState, readJournal, type JournalState } from '../engine/journal/journal.js';
import { claimJournal } from '../engine/journal/journal-owner.js';
import { lockJournal } from '../engine/journal/journal-lock.js';
import { describePlan, planImport } from './plan.js';
import { checkImportFiles } from '../engine/read/distinct-files.js';
import type { Delimiter, InputFormat } from '../engine/read/format.js';
import { type ImportInput, openImportInput } from '../engine/read/input.js';
import { bulkOutputFormat } from '../engine/end/results.js';
import { resultFieldSources } from '../engine/check/result-fields.js';
import type { IfExists } from '../engine/send/send-row.js';
import { budgetEstimate } from '../engine/pace/budget-estimate.js';
import { runLiveImport } from './live.js';
import { settleOpenIntents } from '../engine/reconcile/resume.js';
import { bulkApi, outagePolicy } from '../engine/send/stage.js';
import { runDryImport } from './dry.js';
import { requireBaseUrl } from '../../settings/base-url.js';
import type { RunReport } from '../engine/end/report.js';

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
  /** The rows as text (NDJSON, CSV or one URL a line) instead of a file. */
  text?: string;
  /** Where the results and the lines go, as data; default: stdout in the output format, and stderr. */
  report?: RunReport;
}

/** `urls import`: returns the exit code (0 all ok/skipped, 1 some rows failed or not sent, 130/143 interrupted). */
export async function runImport(ctx: Context, opts: ImportOptions): Promise<number> {
  await checkImportFiles(ctx, opts);
  const { report } = opts;
  const outputFormat = report ? 'ndjson' : bulkOutputFormat(ctx, 'urls import');
  const warn = report ? report.warn : (text: string) => void ctx.io.stderr.write(`${text}\n`);
  const input = await openImportInput(ctx, opts, warn);
  if (!report) checkFieldsBeforeSending(ctx, input);
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
  const note = report ? report.note : (text: string) => void (ctx.globals.quiet || warn(text));

  // A dry run opens no client: its estimate reads the limiter's state on its own.
  if (opts.dryRun)
    return runDryImport(ctx, {
      input,
      done,
      outputFormat,
      report,
      note,
      warn,
      estimate: (n) => budgetEstimate(ctx, settings, n),
      aliases: opts.ifExists === 'skip' ? { domain: () => profile?.url ?? requireBaseUrl(settings) } : undefined,
    });

  if (opts.journal) await settleOpenIntents(ctx, opts.journal, journal, outage, warn);
  const plan = await planImport(input, done, ctx.signal);
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
    warn,
  });
}

/** A --fields typo must fail before the first request (an alias looked up, a link created), not after. */
function checkFieldsBeforeSending(ctx: Context, input: ImportInput): void {
  const fields = parseFieldList(ctx.globals.fields);
  if (fields && !ctx.globals.quiet) resultFieldSources(fields, input.columns);
}
