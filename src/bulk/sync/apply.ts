import type { Context } from '../../context.js';
import { EXIT } from '../../errors.js';
import { fileError } from '../../file-errors.js';
import type { RateLimitSpec } from '../../settings/types.js';
import { endRun, shellCommand } from '../engine/end/run-end.js';
import { openJournal, outcomeRecord, type JournalRecord, type JournalWriter } from '../engine/journal/journal.js';
import { orderedWindow } from '../engine/pace/ordered-window.js';
import { linkBodyKey } from '../engine/check/row-check.js';
import { createEnded } from '../engine/send/create.js';
import { deleteLink } from '../engine/send/delete.js';
import type { OutagePolicy } from '../engine/pace/outage.js';
import { openSendStage, type SendStage } from '../engine/send/stage.js';
import { updateLink } from '../engine/send/update.js';
import { windowSize } from '../engine/pace/timing.js';
import type { SyncItem } from './plan.js';
import { recordName } from './diff.js';
import type { LineStyle } from './show.js';
import { formatDuration } from '../../util/duration.js';
import type { RunReport } from '../engine/end/report.js';
import type { Row } from '../../output/fields.js';

export interface ApplyOptions {
  journal?: string;
  /** Ids a lookup after a lost create must never take: every link the account had, and the journal's. */
  claimed: Set<string>;
  outage: OutagePolicy;
  rateLimit: RateLimitSpec;
  /** The configured default link domain, for created links whose row names none (as `urls add`). */
  domain?: string;
  argv?: readonly string[];
  style: LineStyle;
  /** Where the results go when the caller takes them as data; default: stdout. */
  report?: RunReport;
}

/** How one write ended. */
interface Applied {
  item: SyncItem;
  status: 'created' | 'updated' | 'deleted' | 'gone' | 'failed';
  shorturl?: string;
  message?: string;
  /** A create found by a lookup after its answer was lost (journaled `adopted`). */
  adopted?: boolean;
}

/**
 * Sends the plan's writes through the shared limiter and the import's send stage (outages waited
 * out, a create whose answer was lost looked up before it is sent again, intents journaled before
 * a create goes out), reporting each on stdout in plan order. Ctrl-C stops taking writes; those on
 * the wire finish and are journaled. Returns 0, 1 when a write failed, or 130/143.
 */
export async function applyPlan(ctx: Context, items: SyncItem[], opts: ApplyOptions): Promise<number> {
  const journal = opts.journal ? await openJournal(opts.journal) : undefined;
  const stage = await openSendStage(ctx, { journal, claimed: opts.claimed, outage: opts.outage });
  const started = ctx.now();
  const tally = { created: 0, updated: 0, deleted: 0, failed: 0 };
  let adopted = 0;
  let fatal: unknown;
  const stopped = () => ctx.signal.aborted || fatal !== undefined;
  const record = async (rec: JournalRecord) => {
    try {
      await journal?.append(rec);
    } catch (err) {
      fatal ??= fileError(`cannot write the journal ${opts.journal}`, err, EXIT.api);
    }
  };
  const work = async (item: SyncItem): Promise<Applied | undefined> => {
    if (stopped()) return undefined;
    try {
      return await applyItem(ctx, stage, item, {
        journal,
        record,
        domain: opts.domain,
        onFatal: (err) => void (fatal ??= err),
      });
    } catch (err) {
      if (!ctx.signal.aborted) fatal ??= err;
      return undefined;
    }
  };
  try {
    for await (const done of orderedWindow(items, work, { size: windowSize(opts.rateLimit), stopped })) {
      if (!done) continue;
      tally[done.status === 'gone' ? 'deleted' : done.status] += 1;
      if (done.adopted) adopted += 1;
      if (opts.report) {
        opts.report.tick?.(done.status === 'failed' ? 'error' : 'ok');
        await opts.report.row(resultRow(done));
      } else if (!ctx.globals.quiet || done.status === 'failed')
        ctx.io.stdout.write(`${resultLine(done, opts.style)}\n`);
    }
  } finally {
    await journal?.close().catch((err) => void (fatal ??= err));
  }
  const applied = tally.created + tally.updated + tally.deleted;
  const left = items.length - applied - tally.failed;
  return endRun(ctx, {
    summary: `${tally.created} created${adopted > 0 ? ` (${adopted} adopted)` : ''}, ${tally.updated} updated, ${tally.deleted} deleted, ${tally.failed} failed in ${formatDuration(ctx.now() - started)}`,
    incomplete: left > 0,
    left: `${left} of ${items.length} changes not applied`,
    stopped: `stopped with ${left} of ${items.length} changes not applied`,
    again: 'run the same command again to continue',
    hint: `to continue: ${shellCommand(opts.argv ?? ['urls', 'sync'])}`,
    fatal,
    failed: tally.failed > 0,
    outage: opts.outage,
    say: opts.report?.note,
  });
}

interface ItemRun {
  journal?: JournalWriter;
  record(rec: JournalRecord): Promise<void>;
  domain?: string;
  onFatal(err: unknown): void;
}

/** One write, journaled: a create as `urls import` journals it (so `--undo` can remove it), an update or deletion by its outcome. */
async function applyItem(ctx: Context, stage: SendStage, item: SyncItem, run: ItemRun): Promise<Applied | undefined> {
  if (item.op === 'create') {
    const body = item.body.domain === undefined && run.domain ? { ...item.body, domain: run.domain } : item.body;
    const key = linkBodyKey(item.body);
    const end = await createEnded(stage.creator, { row: item.row, key }, body, 'fail', {
      signal: ctx.signal,
      journal: run.journal,
    });
    if (end.fatal !== undefined) run.onFatal(end.fatal);
    if (end.kind === 'left') return undefined;
    if (end.kind === 'unknown')
      return { item, status: 'failed', message: `${end.error} (it may have been created: the next sync finds it)` };
    const { outcome } = end;
    await run.record({
      row: item.row,
      key,
      url: body.url,
      ...outcomeRecord(outcome),
      ...(end.seq === undefined ? {} : { seq: end.seq }),
    });
    return outcome.status === 'ok'
      ? { item, status: 'created', shorturl: outcome.shorturl, adopted: outcome.adopted }
      : { item, status: 'failed', message: outcome.error };
  }
  if (item.op === 'update') {
    const done = await updateLink(stage, item.id, item.body);
    await run.record({
      row: item.row,
      key: item.key,
      url: item.body.url,
      id: item.id,
      ...(done.status === 'updated' ? { status: 'updated' } : { status: 'error', error: done.message }),
    });
    return done.status === 'updated' ? { item, status: 'updated' } : { item, status: 'failed', message: done.message };
  }
  const done = await deleteLink(stage, item.id);
  await run.record({
    row: 0,
    key: item.key,
    url: item.longurl,
    id: item.id,
    ...(done.status === 'failed' ? { status: 'error', error: done.message } : { status: 'deleted' }),
  });
  return { item, status: done.status, message: done.message };
}

/** One write's result as a record: `{key, op, status, id, shorturl, changes, message, adopted}`, the unset left out. */
function resultRow(done: Applied): Row {
  const { item } = done;
  return {
    key: item.key,
    op: item.op,
    status: done.status,
    ...(item.op !== 'create' && { id: item.id }),
    ...(done.shorturl && { shorturl: done.shorturl }),
    ...(item.op === 'update' && done.status === 'updated' && { changes: item.changes.map((c) => recordName(c.field)) }),
    ...(done.message && { message: done.message }),
    ...(done.adopted && { adopted: true }),
  };
}

const ADOPTED_NOTE = '(adopted: found after its answer was lost; --undo leaves it)';

/** `✓ created spring https://sho.rt/spring`, `✓ updated summer (title)`, `✗ autumn: why`. */
function resultLine(done: Applied, style: LineStyle): string {
  const key = style.safe(done.item.key);
  switch (done.status) {
    case 'created':
      return `${style.add('✓')} created ${key}${done.shorturl ? ` ${style.safe(done.shorturl)}` : ''}${done.adopted ? ` ${ADOPTED_NOTE}` : ''}`;
    case 'updated':
      return `${style.change('✓')} updated ${key} (${done.item.op === 'update' ? done.item.changes.map((c) => recordName(c.field)).join(', ') : ''})`;
    case 'deleted':
      return `${style.remove('✓')} deleted ${key}`;
    case 'gone':
      return `${style.remove('✓')} deleted ${key} (already gone)`;
    default:
      return `${style.bad('✗')} ${key}: ${style.safe(done.message ?? 'failed')}`;
  }
}
