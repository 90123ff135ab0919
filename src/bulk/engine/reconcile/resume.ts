import type { Context } from '../../../context.js';
import { openJournal, type JournalState } from '../journal/journal.js';
import type { OutagePolicy } from '../pace/outage.js';
import { MayExist } from '../send/create.js';
import { openSendStage } from '../send/stage.js';

/**
 * Creates a previous run sent but never journaled the outcome of (a crash, a kill -9, an outage
 * past --max-outage): each is looked up on the server before anything is sent. A link found is
 * journaled `adopted` (the row is then done; --undo leaves it unless told: see reconcile.ts); one
 * certainly not made closes its intent, and the row is sent again. One the lookup cannot decide keeps its intent open and its row is not sent: it is
 * reported (`not found, but it may exist`) for the user to check.
 */
export async function settleOpenIntents(
  ctx: Context,
  path: string,
  state: JournalState,
  outage: OutagePolicy,
  warn: (text: string) => void = (text) => void ctx.io.stderr.write(`${text}\n`),
): Promise<void> {
  if (state.open.length === 0) return;
  const journal = await openJournal(path);
  let found = 0;
  let undecided = 0;
  try {
    const { creator } = await openSendStage(ctx, { journal, claimed: state.claimed, outage, warn });
    for (const intent of state.open) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const first = intent.at ?? 0;
      const lookup = await creator.settle(intent.sent!, { first, last: intent.last ?? first, end: intent.end });
      const base = { row: intent.row, key: intent.key, url: intent.url, seq: intent.seq };
      if (lookup.kind === 'found') {
        const { id, shorturl } = lookup.link;
        const rec = { ...base, status: 'adopted' as const, id, shorturl };
        await journal.append(rec);
        state.done.add(intent.key, lookup.link);
        state.claimed.add(String(id));
        state.adopted.set(String(id), rec);
        found += 1;
      } else if (lookup.kind === 'undecided') {
        state.done.add(intent.key, { undecided: new MayExist(lookup.why).message });
        undecided += 1;
      } else {
        await journal.append({
          ...base,
          status: 'error',
          error: 'not created (checked after the previous run stopped)',
        });
      }
    }
  } finally {
    await journal.close();
  }
  const n = state.open.length;
  const left = n - found - undecided;
  warn(
    `${n} row${n === 1 ? ' was' : 's were'} sent by the previous run without a recorded answer: ` +
      `${found} found on the server (journaled as adopted), ${left} not created (sent again)` +
      `${undecided > 0 ? `, ${undecided} not found but may exist (not sent: check them with \`shorty urls list\`)` : ''}`,
  );
}
