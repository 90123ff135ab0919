import type { Context } from '../../context.js';
import type { LinkBody } from '../../input/link-body.js';
import type { DoneIndex } from '../engine/journal/journal.js';
import { describePlan, emptyPlan, previousResult } from './plan.js';
import type { ImportInput } from '../engine/read/input.js';
import { type bulkOutputFormat, openResultSink, resultRow, type RowResult } from '../engine/end/results.js';
import { linkBodyKey, RowChecker } from '../engine/check/row-check.js';
import { accountAliasPlaces, aliasOwner, aliasPlace, mostLookups } from '../engine/send/alias-owner.js';
import { takenAliasOutcome } from '../engine/send/send-row.js';
import { bulkApi, debugLine } from '../engine/send/stage.js';
import { emptyCounts, summaryLine } from '../engine/pace/timing.js';
import { requireBaseUrl } from '../../settings/base-url.js';
import { type RunReport, reportSink } from '../engine/end/report.js';

export interface DryRun {
  input: ImportInput;
  done: DoneIndex;
  outputFormat: ReturnType<typeof bulkOutputFormat>;
  /** Where the results go as data (see RunReport); default: stdout. */
  report?: RunReport;
  note(text: string): void;
  warn(text: string): void;
  estimate(requests: number): Promise<string>;
  /**
   * --if-exists skip: each alias is looked up (one request per row with one, stated first), so the
   * dry run says what the run will: `skipped` for the same link, a conflict for another.
   */
  aliases?: { domain(): string };
}

/**
 * Validates every row with the run's own row check and writes nothing: valid rows are `valid`,
 * rows in the journal `skipped`; with --if-exists skip, rows whose alias exists are `skipped` (the
 * same link) or `error` (a conflict). Exit 1 when a row is invalid or in conflict.
 */
export async function runDryImport(ctx: Context, run: DryRun): Promise<number> {
  const started = ctx.now();
  const aliased = run.aliases ? await aliasedRows(run, run.aliases.domain(), ctx.signal) : new Map();
  const owner = aliased.size > 0 ? await ownerLookup(ctx, run, aliased) : undefined;
  const sink = run.report
    ? reportSink(run.report)
    : await openResultSink(ctx, run.outputFormat, { quietField: 'longurl', batch: true, input: run.input.columns });
  const counts = emptyCounts();
  const plan = emptyPlan();
  const checker = new RowChecker();
  for await (const source of run.input.rows()) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const checked = checker.check(source);
    let result: RowResult;
    if (!checked.valid) result = { row: source.row, status: 'invalid', error: checked.error };
    else {
      plan.credentials.note(source.row, checked.body);
      const previous = run.done.size > 0 ? run.done.take(linkBodyKey(checked.body)) : undefined;
      result = previous
        ? previousResult(source.row, previous)
        : ((await owner?.(source.row, checked.body)) ?? { row: source.row, status: 'valid' });
    }
    counts[result.status] += 1;
    plan.rows += 1;
    if (result.status === 'invalid') plan.invalid += 1;
    if (result.status === 'skipped') plan.done += 1;
    if (result.status === 'valid') plan.toSend += 1;
    await sink.write(resultRow(source.cells, result, source.columns));
  }
  await sink.end();
  const credentials = plan.credentials.warning();
  if (credentials) run.warn(credentials);
  run.note(`${describePlan(plan)}, ${await run.estimate(plan.toSend)}`);
  run.note(`dry run: ${summaryLine(counts, ctx.now() - started, { dryRun: true })}; nothing was sent`);
  return counts.invalid > 0 || counts.error > 0 ? 1 : 0;
}

/** Valid rows with an alias that the journal does not hold already, by where the alias goes: the lookups the dry run makes. */
async function aliasedRows(run: DryRun, domain: string, signal: AbortSignal): Promise<Map<string, number>> {
  const checker = new RowChecker();
  const claimed = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for await (const source of run.input.rows()) {
    if (signal.aborted) throw signal.reason;
    const checked = checker.check(source);
    if (!checked.valid || checked.body.custom === undefined) continue;
    const key = run.done.size > 0 ? linkBodyKey(checked.body) : '';
    if (key && run.done.count(key) > (claimed.get(key) ?? 0)) claimed.set(key, (claimed.get(key) ?? 0) + 1);
    else {
      const place = aliasPlace(checked.body, domain);
      byPlace.set(place, (byPlace.get(place) ?? 0) + 1);
    }
  }
  return byPlace;
}

/**
 * States the lookups' cost, then answers for a row with an alias what the run would report, or
 * undefined (valid). The alias is looked up as the run does once the server says it is taken: where
 * the row puts it, then on the account's other domains (the server refuses an alias held on any).
 */
async function ownerLookup(
  ctx: Context,
  run: DryRun,
  aliased: ReadonlyMap<string, number>,
): Promise<(row: number, body: LinkBody) => Promise<RowResult | undefined>> {
  const api = await bulkApi(ctx);
  const settings = await ctx.settings();
  const domain = run.aliases!.domain();
  const places = accountAliasPlaces(
    api,
    { baseUrl: requireBaseUrl(settings), domain: settings.domain },
    debugLine(ctx, settings),
  );
  const lookups = [...aliased.values()].reduce((a, b) => a + b, 0);
  const most = await mostLookups(places, aliased);
  const requests = most === lookups ? plural(lookups, 'request') : `${lookups} to ${most} requests`;
  run.note(
    `--if-exists skip: looking up ${plural(lookups, 'alias', 'aliases')}${most === lookups ? '' : " on the account's domains"} (${requests}), ${await run.estimate(most)}`,
  );
  return async (row, body) => {
    if (body.custom === undefined) return undefined;
    const owner = await aliasOwner(api, body, domain, places);
    return owner.kind === 'free' ? undefined : { row, ...takenAliasOutcome(body.custom, owner) };
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
