import { randomBytes } from 'node:crypto';
import type { ModernApi } from '../../api/modern.js';
import { CancelError, NetworkError, neverSent } from '../../errors.js';
import type { LinkBody } from '../../input/link-body.js';
import type { JournalWriter, SentFields } from '../journal.js';
import { sendRow, type IfExists, type SendOutcome } from '../send-row.js';
import { aliasOwner } from './alias-owner.js';
import { outageFailure, type OutageRider } from './outage.js';
import { findCreated, sentFields, type LookupContext } from './reconcile.js';

/** A create that ended without an outcome: Ctrl-C, or an outage past --max-outage. */
export class SendStopped extends Error {
  constructor(
    readonly reason: unknown,
    readonly seq: string | undefined,
    readonly mayExist: boolean,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

export interface CreatorDeps {
  api: ModernApi;
  rider: OutageRider;
  /** The write-ahead journal, when the import has one. */
  journal?: JournalWriter;
  baseUrl: string;
  now(): number;
  /** Ids already accounted for (from the journal); grows with every link this run makes or finds. */
  claimed: Set<string>;
}

export interface CreateResult {
  outcome: SendOutcome;
  /** The intent this outcome closes. */
  seq?: string;
  /** Made by an earlier try whose answer was lost, found by a lookup. */
  found?: boolean;
}

/**
 * Creates links so that a lost answer never makes a second one: an intent is journaled before
 * the first send; outages are waited out; a try whose answer may have been lost is followed by a
 * lookup before anything is sent again. Rows with the same long URL go one at a time, so a lookup
 * never takes the link of a row still on the wire.
 */
export function createCreator(deps: CreatorDeps) {
  const run = randomBytes(4).toString('hex');
  let counter = 0;
  const lookup: LookupContext = { api: deps.api, baseUrl: deps.baseUrl, now: deps.now, claimed: deps.claimed };
  const queue = new KeyedQueue();

  async function create(row: { row: number; key: string }, body: LinkBody, ifExists: IfExists): Promise<CreateResult> {
    const sent = sentFields(body);
    let at = deps.now();
    let seq: string | undefined;
    let onWire = false;
    // Journaled when the first try goes on the wire (not while it waits for the limiter): a run
    // stopped before that leaves nothing to look up.
    const intent = async () => {
      if (onWire) return;
      onWire = true;
      at = deps.now();
      if (!deps.journal) return;
      seq = `${run}.${(counter += 1)}`;
      await deps.journal.append({ row: row.row, key: row.key, status: 'sending', url: body.url, seq, sent, at });
    };
    let mayExist = false;
    try {
      for (;;) {
        if (mayExist) {
          const found = await deps.rider.retry(() => findCreated(lookup, sent, at));
          if (found) return claim({ outcome: { status: 'ok', ...found }, seq, found: true });
          mayExist = false;
        }
        try {
          const outcome = await sendRow(deps.api, body, ifExists, intent, () =>
            aliasOwner(deps.api, body, deps.baseUrl),
          );
          deps.rider.ok();
          return claim({ outcome, seq });
        } catch (err) {
          const failure = outageFailure(err);
          if (!failure) {
            mayExist ||= err instanceof NetworkError && !neverSent(err.kind);
            throw err;
          }
          mayExist ||= failure.maybeDone;
          await deps.rider.wait(err);
        }
      }
    } catch (err) {
      throw new SendStopped(err, seq, mayExist);
    }
  }

  function claim(result: CreateResult): CreateResult {
    const { outcome } = result;
    if ('id' in outcome && outcome.id !== undefined) deps.claimed.add(String(outcome.id));
    return result;
  }

  return {
    create: (row: { row: number; key: string }, body: LinkBody, ifExists: IfExists) =>
      queue.run(body.url, () => create(row, body, ifExists)),
    /** Looks up an intent a previous run left open: the link if the server made it. */
    settle: (sent: SentFields, at: number) =>
      queue.run(sent.url, async () => {
        const found = await deps.rider.retry(() => findCreated(lookup, sent, at));
        if (found) deps.claimed.add(String(found.id));
        return found;
      }),
  };
}

export type Creator = ReturnType<typeof createCreator>;

/** How one create of a bulk run ended, for its journal and its report. */
export type CreateEnd =
  /** Stopped before anything was carried out (Ctrl-C during a wait): left for the next run. */
  | { kind: 'left' }
  /** An outcome to journal (closing the intent `seq`) and report; `fatal` stops the run. */
  | { kind: 'outcome'; outcome: SendOutcome; seq?: string; fatal?: unknown }
  /** The run stopped while the server may hold the link: reported, not journaled (the intent stays open). */
  | { kind: 'unknown'; error: string; fatal: unknown };

/**
 * Creates one row's link and says how it ended. Ctrl-C before the request went out leaves the
 * row for the next run (its intent closed when nothing was sent); a failure every later row would
 * meet too (network, auth, an outage past --max-outage) is `fatal`.
 */
export async function createEnded(
  creator: Creator,
  row: { row: number; key: string },
  body: LinkBody,
  ifExists: IfExists,
  run: { signal: AbortSignal; journal?: JournalWriter },
): Promise<CreateEnd> {
  try {
    const created = await creator.create(row, body, ifExists);
    return { kind: 'outcome', outcome: created.outcome, seq: created.seq };
  } catch (err) {
    const stop = err instanceof SendStopped ? err : new SendStopped(err, undefined, false);
    const reason = stop.reason;
    if (reason instanceof CancelError || run.signal.aborted) {
      if (!stop.mayExist && stop.seq) {
        await run.journal
          ?.append({ ...row, status: 'error', error: 'interrupted while waiting out an outage', seq: stop.seq })
          .catch(() => {});
      }
      return { kind: 'left' };
    }
    const error = reason instanceof Error ? reason.message : String(reason);
    if (stop.mayExist) return { kind: 'unknown', error, fatal: reason };
    return { kind: 'outcome', outcome: { status: 'error', error }, seq: stop.seq, fatal: reason };
  }
}

/** Runs the tasks of one key one after another; tasks of different keys run side by side. */
class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => {});
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
