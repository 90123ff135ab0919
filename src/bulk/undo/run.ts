import { BULK_PAGE_SIZE } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { EXIT } from '../../errors.js';
import { checkConsentPossible, DELETION, obtainConsent } from '../../consent.js';
import { openJournal, readJournal, type JournalRecord } from '../engine/journal/journal.js';
import { lockJournal } from '../engine/journal/journal-lock.js';
import { claimJournal } from '../engine/journal/journal-owner.js';
import { orderedWindow } from '../engine/pace/ordered-window.js';
import { deleteLink, type Deleted } from '../engine/send/delete.js';
import { settleOpenIntents } from '../engine/reconcile/resume.js';
import { openSendStage, outagePolicy } from '../engine/send/stage.js';
import { endRun, shellCommand } from '../engine/end/run-end.js';
import { windowSize } from '../engine/pace/timing.js';
import { budgetEstimate } from '../engine/pace/budget-estimate.js';
import { readEveryLink, type AccountItem } from '../engine/read/account-pages.js';
import { formatDuration } from '../../util/duration.js';
import { sameUrl } from '../../util/same-url.js';
import type { RunReport } from '../engine/end/report.js';

export interface UndoOptions {
  journal: string;
  maxOutageMs?: number;
  /** Delete the adopted links too (found after a lost answer: perhaps another's). */
  includeAdopted?: boolean;
  argv?: readonly string[];
  /** Where the results and the lines go when the caller takes them as data; default: stdout and stderr. */
  report?: RunReport;
}

type Undone = Deleted & { changed?: boolean; planned?: boolean; adopted?: boolean };

/** What undo makes of one link the journal says the runs created, once the account is read. */
type Verdict = { rec: JournalRecord; act: 'delete' } | { rec: JournalRecord; act: 'gone' | 'changed'; why: string };

/**
 * `urls import --undo JOURNAL`: deletes exactly the links the import runs of that journal created
 * (its `ok` records with an id; never `skipped` ones, which existed before; `adopted` ones only
 * with --include-adopted, after naming them), and only those it
 * can still see as theirs: the account is read first (as `urls export` reads it), and a link is
 * deleted only if the link with its id still has the short URL the journal recorded. Paced by the
 * limiter and riding out outages like the import; each deletion is journaled (`undone`), so an
 * undo that stops resumes where it stopped.
 */
export async function runUndo(ctx: Context, opts: UndoOptions): Promise<number> {
  ctx.onClose(await lockJournal(opts.journal, { configDir: (await ctx.settings()).configDir }));
  const state = await readJournal(opts.journal, ctx.signal);
  const { report } = opts;
  const note = report ? report.note : (text: string) => void (ctx.globals.quiet || ctx.io.stderr.write(`${text}\n`));
  if (state.records === 0) {
    note(`nothing to undo: ${opts.journal} records no link`);
    return EXIT.ok;
  }
  // Before any request: the journal's account, and leave to ask.
  await claimJournal(ctx, opts.journal, state);
  checkConsentPossible(ctx, DELETION);
  const outage = outagePolicy(ctx.env, opts.maxOutageMs, state.answered);
  // A create left without an outcome may have made a link: it is found first, so it is undone too.
  await settleOpenIntents(ctx, opts.journal, state, outage);
  const adopted = [...state.adopted.values()];
  if (adopted.length > 0) note(adoptedLine(adopted, opts.includeAdopted === true));
  const links = [...state.created.values(), ...(opts.includeAdopted ? adopted : [])];
  if (links.length === 0) {
    note(`nothing to undo: ${opts.journal} records no link that is not deleted already`);
    return EXIT.ok;
  }
  const settings = await ctx.settings();
  const stage = await openSendStage(ctx, { claimed: state.claimed, outage });
  const account = await stage.rider.retry(() => readEveryLink(stage.api, BULK_PAGE_SIZE, ctx.signal));
  const verdicts = links.map((rec) => verdict(rec, account.links.get(String(rec.id))));
  const doomed = verdicts.filter((v) => v.act === 'delete');
  // The count and the time it takes are said before the question, so the answer is an informed one.
  if (doomed.length > 0) {
    note(
      `${doomed.length} link${doomed.length === 1 ? '' : 's'} to delete, ${await budgetEstimate(ctx, settings, doomed.length, stage.api)}`,
    );
    await obtainConsent(ctx, DELETION, question(doomed.length, opts.journal));
  }
  const adoptedIds = new Set(adopted.map((rec) => String(rec.id)));
  const journal = await openJournal(opts.journal);
  const started = ctx.now();
  const counts = { deleted: 0, gone: 0, failed: 0, changed: 0, planned: 0, adoptedDeleted: 0 };
  let fatal: unknown;
  let outputLost: unknown;
  const stopped = () => ctx.signal.aborted || fatal !== undefined || outputLost !== undefined;
  const undone = (rec: JournalRecord) =>
    journal.append({ row: rec.row, key: rec.key, url: rec.url, status: 'undone', id: rec.id });
  const work = async (v: Verdict): Promise<Undone | undefined> => {
    if (v.act === 'changed') return { id: String(v.rec.id), status: 'failed', message: v.why, changed: true };
    if (stopped()) return undefined;
    try {
      if (v.act === 'gone') {
        await undone(v.rec);
        return { id: String(v.rec.id), status: 'gone', message: v.why };
      }
      const done = await deleteLink(stage, String(v.rec.id));
      if (done.status !== 'failed') await undone(v.rec);
      return { ...done, planned: true, adopted: adoptedIds.has(String(v.rec.id)) };
    } catch (err) {
      if (!ctx.signal.aborted) fatal ??= err;
      return undefined;
    }
  };
  try {
    for await (const done of orderedWindow(verdicts, work, { size: windowSize(settings.rateLimit), stopped })) {
      if (!done) continue;
      counts[done.changed ? 'changed' : done.status] += 1;
      if (done.planned) counts.planned += 1;
      if (done.adopted && done.status === 'deleted') counts.adoptedDeleted += 1;
      report?.tick?.(done.status === 'failed' ? 'error' : 'ok');
      if (outputLost !== undefined) continue;
      try {
        if (report)
          await report.row({ id: done.id, status: done.status, ...(done.message && { message: done.message }) });
        else await ctx.io.stdout.write(resultLine(done));
      } catch (err) {
        outputLost = err;
      }
    }
  } finally {
    await journal.close().catch((err) => {
      fatal ??= err;
    });
  }
  // What is left is counted against the plan said before the question: the links to delete.
  const notReached = doomed.length - counts.planned;
  return endRun(ctx, {
    summary: `${undoSummary(counts, opts.includeAdopted ? 0 : adopted.length)} in ${formatDuration(ctx.now() - started)}`,
    incomplete: notReached > 0,
    left: `${notReached} of ${doomed.length} links not deleted`,
    again: 'run the same command again to continue',
    hint: `to continue: ${shellCommand(opts.argv ?? ['urls', 'import', '--undo', opts.journal, '-y'])}`,
    fatal,
    outputLost,
    failed: counts.failed + counts.changed > 0,
    outage,
    say: report?.note,
  });
}

/**
 * A journaled link is the run's to delete only while the link with its id has the short URL the
 * journal recorded (an id may since name another link, or the journal another account's).
 */
function verdict(rec: JournalRecord, link: AccountItem | undefined): Verdict {
  if (!link) return { rec, act: 'gone', why: 'not in the account any more' };
  const now = typeof link.shorturl === 'string' ? link.shorturl : undefined;
  const same = rec.shorturl
    ? now !== undefined && sameUrl(now, rec.shorturl)
    : typeof link.longurl === 'string' && rec.url !== undefined && sameUrl(link.longurl, rec.url);
  if (same) return { rec, act: 'delete' };
  const was = rec.shorturl ?? rec.url ?? '?';
  return {
    rec,
    act: 'changed',
    why: `left: the link with this id is ${now ?? 'another link'}, not ${was} as the journal recorded`,
  };
}

/**
 * The adopted links, by id: to be deleted (--include-adopted, said before the question), or left.
 * They were found by what they hold and when they were made, so they may be someone else's.
 */
function adoptedLine(adopted: JournalRecord[], included: boolean): string {
  const ids = adopted.map((rec) => `${rec.id}${rec.shorturl ? ` (${rec.shorturl})` : ''}`).join(', ');
  const n = adopted.length;
  const links = `${n} adopted link${n === 1 ? '' : 's'} (found after a lost answer; someone else may have made ${n === 1 ? 'it' : 'them'})`;
  return included
    ? `${links} to delete too: ${ids}`
    : `${links} left: ${ids}; --include-adopted deletes ${n === 1 ? 'it' : 'them'} too`;
}

/**
 * `410 deleted (1 adopted), 1 already gone, 0 failed, 1 left (changed since), 2 adopted left`:
 * adopted links are counted as adopted, deleted (--include-adopted) or left, as the import counts them.
 */
function undoSummary(
  counts: { deleted: number; gone: number; failed: number; changed: number; adoptedDeleted: number },
  adoptedLeft: number,
): string {
  const deleted = `${counts.deleted} deleted${counts.adoptedDeleted > 0 ? ` (${counts.adoptedDeleted} adopted)` : ''}`;
  const parts = [deleted, `${counts.gone} already gone`, `${counts.failed} failed`];
  if (counts.changed > 0) parts.push(`${counts.changed} left (changed since)`);
  if (adoptedLeft > 0) parts.push(`${adoptedLeft} adopted left`);
  return parts.join(', ');
}

/** `✓ deleted 12`, `✓ 12 already gone`, `✗ 12: why`. */
function resultLine(done: Deleted): string {
  if (done.status === 'deleted') return `✓ deleted ${done.id}\n`;
  if (done.status === 'gone') return `✓ ${done.id} already gone (${done.message})\n`;
  return `✗ ${done.id}: ${done.message}\n`;
}

function question(count: number, journal: string): string {
  return `Delete the ${count} link${count === 1 ? '' : 's'} the import recorded in ${journal} created? This cannot be undone.`;
}
