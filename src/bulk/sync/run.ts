import { BULK_PAGE_SIZE } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { EXIT, UsageError } from '../../errors.js';
import { checkConsentPossible, type Consent, obtainConsent } from '../../consent.js';
import type { ColumnMapOption } from '../../input/link-columns.js';
import { checkImportFiles } from '../engine/read/distinct-files.js';
import { readJournal } from '../engine/journal/journal.js';
import { lockJournal } from '../engine/journal/journal-lock.js';
import { claimJournal } from '../engine/journal/journal-owner.js';
import type { Delimiter, InputFormat } from '../engine/read/format.js';
import { openImportInput } from '../engine/read/input.js';
import { settleOpenIntents } from '../engine/reconcile/resume.js';
import { bulkApi, outagePolicy } from '../engine/send/stage.js';
import { budgetEstimate } from '../engine/pace/budget-estimate.js';
import { readAccount } from './account.js';
import { applyPlan } from './apply.js';
import { readDesired, type SyncKey } from './desired.js';
import { planSync, type SyncPlan } from './plan.js';
import { planData } from './plan-json.js';
import { redactValues } from '../../output/cells.js';
import { jsonText } from '../../output/row-writers.js';
import { writeText } from '../../output/sink.js';
import { lineStyle, planLines, planTotals, readLine, unseenWarning } from './show.js';
import type { RunReport } from '../engine/end/report.js';
import type { Row } from '../../output/fields.js';

const SYNC_CONSENT: Consent = {
  act: 'change the account',
  nothingDone: 'nothing changed',
  hint: 'see what would change first with --dry-run, or use --check in CI',
};

/** Where a sync reports when the caller takes its results as data: the plan too. */
interface SyncReport extends RunReport {
  /** The plan as plan-json.ts gives it (values redacted), instead of its lines. */
  plan(data: Row): void;
}

export interface SyncOptions {
  file?: string;
  /** Or the text of a file, read by the caller. */
  text?: string;
  format?: InputFormat;
  delimiter?: Delimiter;
  encoding?: string;
  map?: ColumnMapOption;
  key: SyncKey;
  prune: boolean;
  /** With --prune: a file without rows is meant (every link deleted), not a failed download. */
  allowEmpty?: boolean;
  /** Print the plan and send nothing. */
  dryRun: boolean;
  /** Print the plan, send nothing, and exit 1 when the account differs from the file. */
  check: boolean;
  journal?: string;
  maxOutageMs?: number;
  /** -o json with --dry-run or --check: the plan as one JSON object on stdout (plan-json.ts) instead of lines. */
  asData?: boolean;
  /** Links per list request (default: export's). */
  pageSize?: number;
  argv?: readonly string[];
  /** Where the plan, the results and the lines go when the caller takes them as data; default: stdout and stderr. */
  report?: SyncReport;
}

/**
 * `urls sync FILE`: makes the account match the file. Reads the file (every row checked), then the
 * account in large pages, prints the plan, and, once confirmed, applies it through the import's
 * send stage. Exit 0 when the account matches (or was made to), 1 when a row is invalid or a write
 * failed (with --check: when the account differs), 130/143 when interrupted.
 */
export async function runSync(ctx: Context, opts: SyncOptions): Promise<number> {
  const applying = !opts.dryRun && !opts.check;
  if (applying) checkConsentPossible(ctx, SYNC_CONSENT);
  await checkImportFiles(ctx, { file: opts.file, text: opts.text, journal: applying ? opts.journal : undefined });
  const { report } = opts;
  const warn = report ? report.warn : (text: string) => void ctx.io.stderr.write(`${text}\n`);
  const note = report ? report.note : (text: string) => void (ctx.globals.quiet || warn(text));
  const input = await openImportInput(ctx, opts, warn);
  const desired = await readDesired(input, opts.key, ctx.signal);
  if (opts.prune && desired.rows === 0 && !opts.allowEmpty) {
    throw new UsageError(
      `${input.file.label} has no rows: with --prune that would delete every link of the account; nothing was sent`,
      'an empty file is what a failed download leaves; if every link is to go, add --allow-empty',
    );
  }
  const settings = await ctx.settings();
  const { requireBaseUrl } = await import('../../settings/base-url.js');
  const baseUrl = requireBaseUrl(settings);
  const outage = outagePolicy(ctx.env, opts.maxOutageMs);

  // The journal matters only to an apply: held from before it is read until the last write is journaled.
  const journaled = applying && opts.journal ? opts.journal : undefined;
  if (journaled)
    ctx.onClose(await lockJournal(journaled, { create: true, configDir: (await ctx.settings()).configDir }));
  const journal = journaled ? await readJournal(journaled, ctx.signal) : undefined;
  if (journaled && journal) await claimJournal(ctx, journaled, journal);
  if (journal?.answered) outage.reach!.answered = true;
  if (journaled && journal) await settleOpenIntents(ctx, journaled, journal, outage);

  // The client the writes go through: the read, the estimate and the writes share one limiter.
  const api = await bulkApi(ctx);
  const account = await readAccount(api, opts.key, opts.pageSize ?? BULK_PAGE_SIZE, ctx.signal);
  const plan = planSync(desired, account, { key: opts.key, prune: opts.prune, baseUrl });
  const style = await lineStyle(ctx);
  const redact = (text: string) => ctx.secrets.redact(text);
  for (const line of [desired.credentials.warning(), unseenWarning(plan)]) if (line) warn(line);
  if (report) report.plan(redactValues(planData(plan, opts.key), redact));
  else if (opts.asData)
    await writeText(ctx.io.stdout, `${jsonText(redactValues(planData(plan, opts.key), redact), 2)}\n`);
  else if (!ctx.globals.quiet) for (const line of planLines(plan, opts.key, style)) ctx.io.stdout.write(`${line}\n`);
  note(readLine(plan));
  // After the account read, whose requests the estimate counts as spent.
  const estimate = plan.items.length > 0 ? await budgetEstimate(ctx, settings, plan.items.length, api) : '';
  note(
    plan.items.length === 0 && plan.invalid.length === 0
      ? `No changes: the account matches ${input.file.label}`
      : planTotals(plan, estimate),
  );
  const invalid = plan.invalid.length > 0 ? EXIT.api : EXIT.ok;

  if (!applying) {
    if (opts.dryRun) note('dry run: nothing was sent');
    return opts.check ? (differs(plan) ? EXIT.api : EXIT.ok) : invalid;
  }
  if (plan.items.length === 0) return invalid;
  const n = plan.items.length;
  await obtainConsent(
    ctx,
    SYNC_CONSENT,
    `Apply ${n === 1 ? 'this change' : `these ${n} changes`} to the links at ${baseUrl}?`,
  );
  const claimed = new Set(journal?.claimed);
  for (const links of account.byKey.values()) for (const link of links) claimed.add(link.id);
  const code = await applyPlan(ctx, plan.items, {
    journal: journaled,
    claimed,
    outage,
    rateLimit: settings.rateLimit,
    domain: settings.domain,
    argv: opts.argv,
    style,
    report,
  });
  return code !== 0 ? code : invalid;
}

/** Whether the account differs from the file, as --check tells CI: a write to make, or rows that could not be read. */
function differs(plan: SyncPlan): boolean {
  return plan.items.length > 0 || plan.invalid.length > 0 || plan.withheld > 0;
}
