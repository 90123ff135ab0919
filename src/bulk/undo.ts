import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { canPrompt } from '../io.js';
import { formatDuration } from '../input/duration.js';
import { openJournal, readJournal, type JournalRecord } from './journal.js';
import { lockJournal } from './journal-lock.js';
import { orderedWindow } from './ordered-window.js';
import { deleteLink, type Deleted } from './run/delete.js';
import { OutageTooLong } from './run/outage.js';
import { settleOpenIntents } from './run/resume.js';
import { openSendStage, outagePolicy } from './run/stage.js';
import { shellCommand } from './import-end.js';
import { windowSize } from './timing.js';
import { budgetEstimate } from './budget-estimate.js';

export interface UndoOptions {
  journal: string;
  maxOutageMs?: number;
  argv?: readonly string[];
}

/**
 * `urls import --undo JOURNAL`: deletes exactly the links the import runs of that journal created
 * (its `ok` records with an id; never `skipped` ones, which existed before), paced by the limiter
 * and riding out outages like the import. Each deletion is journaled (`undone`), so an undo that
 * stops resumes where it stopped, and a link already gone counts as done.
 */
export async function runUndo(ctx: Context, opts: UndoOptions): Promise<number> {
  ctx.onClose(await lockJournal(opts.journal));
  const state = await readJournal(opts.journal, ctx.signal);
  const outage = outagePolicy(ctx.env, opts.maxOutageMs);
  // A create left without an outcome may have made a link: it is found first, so it is undone too.
  await settleOpenIntents(ctx, opts.journal, state, outage);
  const links = [...state.created.values()];
  const note = (text: string) => void (ctx.globals.quiet || ctx.io.stderr.write(`${text}\n`));
  if (links.length === 0) {
    note(`nothing to undo: ${opts.journal} records no link that is not deleted already`);
    return 0;
  }
  if (!(await confirmed(ctx, links.length, opts.journal))) {
    ctx.io.stderr.write('nothing deleted\n');
    return 1;
  }
  const settings = await ctx.settings();
  const journal = await openJournal(opts.journal);
  const stage = await openSendStage(ctx, { journal, claimed: state.claimed, outage });
  note(
    `${links.length} link${links.length === 1 ? '' : 's'} to delete, ${await budgetEstimate(ctx, settings, links.length, stage.api)}`,
  );
  const started = ctx.now();
  const counts = { deleted: 0, gone: 0, failed: 0 };
  let fatal: unknown;
  const stopped = () => ctx.signal.aborted || fatal !== undefined;
  const work = async (rec: JournalRecord): Promise<Deleted | undefined> => {
    if (stopped()) return undefined;
    try {
      const done = await deleteLink(stage, String(rec.id));
      if (done.status !== 'failed')
        await journal.append({ row: rec.row, key: rec.key, url: rec.url, status: 'undone', id: rec.id });
      return done;
    } catch (err) {
      if (!ctx.signal.aborted) fatal ??= err;
      return undefined;
    }
  };
  try {
    for await (const done of orderedWindow(links, work, { size: windowSize(settings.rateLimit), stopped })) {
      if (!done) continue;
      counts[done.status] += 1;
      ctx.io.stdout.write(done.status === 'deleted' ? `✓ deleted ${done.id}\n` : `✗ ${done.id}: ${done.message}\n`);
    }
  } finally {
    await journal.close();
  }
  const left = links.length - counts.deleted - counts.gone;
  const summary = `${counts.deleted} deleted, ${counts.gone} already gone, ${counts.failed} failed in ${formatDuration(ctx.now() - started)}`;
  const resume = `to continue: ${shellCommand(opts.argv ?? ['urls', 'import', '--undo', opts.journal, '-y'])}`;
  if (fatal !== undefined) {
    ctx.io.stderr.write(`${summary}; ${left} not deleted\n`);
    if (fatal instanceof OutageTooLong) throw new OutageTooLong(fatal.last, outage.maxMs, resume);
    throw fatal;
  }
  if (ctx.signal.aborted && left > counts.failed) {
    ctx.io.stderr.write(`interrupted: ${summary}; ${left} not deleted; ${resume}\n`);
    return 130;
  }
  note(summary);
  return counts.failed > 0 ? 1 : 0;
}

async function confirmed(ctx: Context, count: number, journal: string): Promise<boolean> {
  if (ctx.globals.yes) return true;
  if (!canPrompt(ctx.io)) {
    throw new UsageError('refusing to delete without confirmation: pass -y/--yes when not running interactively');
  }
  const prompter = await ctx.prompter();
  return prompter.confirm(
    `Delete the ${count} link${count === 1 ? '' : 's'} the import recorded in ${journal} created? This cannot be undone.`,
    false,
  );
}
