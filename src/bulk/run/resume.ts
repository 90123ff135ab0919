import type { Context } from '../../context.js';
import { openJournal, type JournalState } from '../journal.js';
import type { OutagePolicy } from './outage.js';
import { openSendStage } from './stage.js';

/**
 * Creates a previous run sent but never journaled the outcome of (a crash, a kill -9, an outage
 * past --max-outage): each is looked up on the server before anything is sent. A link found is
 * journaled `ok` (the row is then done); one not found closes its intent, and the row is sent again.
 */
export async function settleOpenIntents(
  ctx: Context,
  path: string,
  state: JournalState,
  outage: OutagePolicy,
): Promise<void> {
  if (state.open.length === 0) return;
  const journal = await openJournal(path);
  let found = 0;
  try {
    const { creator } = await openSendStage(ctx, { journal, claimed: state.claimed, outage });
    for (const intent of state.open) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const link = await creator.settle(intent.sent!, intent.at ?? 0);
      const base = { row: intent.row, key: intent.key, url: intent.url, seq: intent.seq };
      if (link) {
        await journal.append({ ...base, status: 'ok', id: link.id, shorturl: link.shorturl });
        state.done.add(intent.key, link);
        state.created.set(String(link.id), { ...base, status: 'ok', id: link.id, shorturl: link.shorturl });
        found += 1;
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
  ctx.io.stderr.write(
    `${n} row${n === 1 ? ' was' : 's were'} sent by the previous run without a recorded answer: ` +
      `${found} found on the server (journaled), ${n - found} not created (sent again)\n`,
  );
}
