import { randomBytes } from 'node:crypto';
import type { ModernApi } from '../../../api/modern.js';
import {
  AuthError,
  CancelError,
  isItemFailure,
  NetworkError,
  neverSent,
  NoWaitError,
  RateLimitError,
} from '../../../errors.js';
import type { LinkBody } from '../../../input/link-body.js';
import type { JournalWriter, SentFields } from '../journal/journal.js';
import { isAliasTaken, sendRow, type IfExists, type SendOutcome } from './send-row.js';
import { type AliasPlaces, aliasOwner } from './alias-owner.js';
import { outageFailure, type OutageRider } from '../pace/outage.js';
import { findCreated, sentFields, type Lookup, type LookupContext, type SendTimes } from '../reconcile/reconcile.js';

/** A create that ended without an outcome: Ctrl-C, or an outage past --max-outage. */
class SendStopped extends Error {
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
  /** Where else the account may hold a row's alias (a taken alias is looked for there too). */
  aliasPlaces?: AliasPlaces;
  now(): number;
  /** Ids already accounted for (from the journal); grows with every link this run makes or finds. */
  claimed: Set<string>;
  /** How long after a try was sent the server may still carry it out (the request timeout). */
  answerMs: number;
}

export interface CreateResult {
  outcome: SendOutcome;
  /** The intent this outcome closes. */
  seq?: string;
}

/** A lookup after a lost answer could not tell whether the server made the link: left to the user. */
export class MayExist extends Error {
  constructor(why: string) {
    super(`not found, but it may exist: ${why}; check with \`shorty urls list\` before sending it again`);
  }
}

/**
 * Creates links so that a lost answer never makes a second one: an intent is journaled before
 * the first send (and each later try noted); outages are waited out; a try whose answer may have
 * been lost is followed by a lookup before anything is sent again. Rows with the same long URL go
 * one at a time, so a lookup never takes the link of a row still on the wire.
 */
export function createCreator(deps: CreatorDeps) {
  const run = randomBytes(4).toString('hex');
  let counter = 0;
  const lookup: LookupContext = {
    api: deps.api,
    baseUrl: deps.baseUrl,
    now: deps.now,
    claimed: deps.claimed,
    answerMs: deps.answerMs,
  };
  const queue = new KeyedQueue();

  /** A lookup through outages; the link it finds is claimed, so no other row takes it. */
  async function look(sent: SentFields, times: SendTimes): Promise<Lookup> {
    let found = await deps.rider.retry(() => findCreated(lookup, sent, times));
    // An alias for the base URL is also where the service's own short links live, when its
    // answers put them on another origin (a short domain of its own, an API gateway).
    if (found.kind === 'absent' && sent.custom !== undefined && !sent.domain && deps.aliasPlaces) {
      const { own } = await deps.rider.retry(() => deps.aliasPlaces!());
      for (const origin of own.filter((o) => o !== deps.baseUrl.replace(/\/+$/, ''))) {
        found = await deps.rider.retry(() => findCreated({ ...lookup, baseUrl: origin }, sent, times));
        if (found.kind !== 'absent') break;
      }
    }
    if (found.kind === 'found') deps.claimed.add(String(found.link.id));
    return found;
  }

  async function create(row: { row: number; key: string }, body: LinkBody, ifExists: IfExists): Promise<CreateResult> {
    const sent = sentFields(body);
    const times: SendTimes = { first: deps.now(), last: deps.now() };
    let seq: string | undefined;
    let onWire = false;
    let sentThisTry = false;
    // A later try of a row on the wire: when it went, and when it ended without an answer.
    const journalTry = async (times_: { last?: number; end?: number }) => {
      if (deps.journal && seq !== undefined)
        await deps.journal.append({ ...row, status: 'sending', url: body.url, seq, sent, at: times.first, ...times_ });
    };
    // Journaled when the first try goes on the wire (not while it waits for the limiter): a run
    // stopped before that leaves nothing to look up. Each later try is noted too: a lookup after a
    // crash adopts only links made between the first send and the last try.
    const beforeSend = async () => {
      sentThisTry = true;
      times.last = deps.now();
      times.end = undefined;
      if (!onWire) {
        onWire = true;
        times.first = times.last;
        if (!deps.journal) return;
        counter += 1;
        seq = `${run}.${counter}`;
        await deps.journal.append({ ...row, status: 'sending', url: body.url, seq, sent, at: times.first });
      } else await journalTry({ last: times.last });
    };
    // A try that ended without an answer bounds when the server could have made its link: noted,
    // so a lookup by a later run does not take a link someone made after the run gave up.
    const tryEnded = async () => {
      times.end = deps.now();
      await journalTry({ last: times.last, end: times.end });
    };
    let mayExist = false;
    let everMayExist = false;
    try {
      for (;;) {
        if (mayExist) {
          const found = await look(sent, times);
          if (found.kind === 'found') return adopt(found.link, seq);
          if (found.kind === 'undecided') throw new MayExist(found.why);
          mayExist = false;
        }
        sentThisTry = false;
        try {
          const outcome = await sendRow(deps.api, body, ifExists, beforeSend, () =>
            aliasOwner(deps.api, body, deps.baseUrl, deps.aliasPlaces),
          );
          deps.rider.ok();
          if (outcome.status === 'ok') return claim({ outcome, seq });
          // "Alias taken" after a try whose answer was lost: that try may well have taken it.
          if (everMayExist && body.custom !== undefined && isAliasTaken(outcome.error)) {
            const found = await look(sent, times);
            if (found.kind === 'found') return adopt(found.link, seq);
          }
          return { outcome, seq };
        } catch (err) {
          // Sent, and no answer of the API's own saying it was refused: the server may have made it.
          const maybeDone = sentThisTry && !refused(err);
          mayExist ||= maybeDone;
          everMayExist ||= maybeDone;
          if (maybeDone) await tryEnded();
          if (!outageFailure(err)) throw err;
          await deps.rider.wait(err);
        }
      }
    } catch (err) {
      throw new SendStopped(err, seq, mayExist || err instanceof MayExist);
    }
  }

  /** A link a lookup found: made while the create was sent, but never seen made by it (see reconcile.ts). */
  function adopt(link: { id: number | string; shorturl?: string }, seq: string | undefined): CreateResult {
    return { outcome: { status: 'ok', ...link, adopted: true }, seq };
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
    settle: (sent: SentFields, times: SendTimes) => queue.run(sent.url, () => look(sent, times)),
  };
}

export type Creator = ReturnType<typeof createCreator>;

/** A failure that says the server did not carry the request out: its refusal, or a request never sent. */
function refused(err: unknown): boolean {
  return (
    isItemFailure(err) ||
    err instanceof AuthError ||
    err instanceof RateLimitError ||
    (err instanceof NetworkError && neverSent(err.kind))
  );
}

/** How one create of a bulk run ended, for its journal and its report. */
export type CreateEnd =
  /** Stopped before anything was carried out (Ctrl-C, --no-wait): left for the next run; `fatal` stops the run. */
  | { kind: 'left'; fatal?: unknown }
  /** An outcome to journal (closing the intent `seq`) and report; `fatal` stops the run. */
  | { kind: 'outcome'; outcome: SendOutcome; seq?: string; fatal?: unknown }
  /**
   * The server may hold the link: reported, not journaled (the intent stays open); `fatal` stops
   * the run. `lookedUp`: a lookup ran and could not tell (MayExist), and `error` says what to check.
   */
  | { kind: 'unknown'; error: string; lookedUp: boolean; fatal?: unknown };

/**
 * Creates one row's link and says how it ended. Ctrl-C before the request went out leaves the
 * row for the next run (its intent closed when nothing was sent); a failure after a try went out
 * without an answer (lost, timed out, a body that would not parse, Ctrl-C while waiting to try
 * again) leaves the intent open: the link may exist. A failure of the run's (isItemFailure) is `fatal`.
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
    const cancelled = reason instanceof CancelError || run.signal.aborted;
    const fatal = cancelled || reason instanceof MayExist ? undefined : reason;
    const error = reason instanceof Error ? reason.message : String(reason);
    if (stop.mayExist)
      return {
        kind: 'unknown',
        error: cancelled ? 'stopped after its answer was lost' : error,
        lookedUp: !cancelled && reason instanceof MayExist,
        fatal,
      };
    // --no-wait: the limiter refused before the request went out, so nothing was carried out.
    const notSent = reason instanceof NoWaitError;
    if (cancelled || notSent) {
      if (stop.seq) {
        const why = cancelled ? 'interrupted while waiting out an outage' : 'not sent again: rate limited (--no-wait)';
        await run.journal?.append({ ...row, status: 'error', error: why, seq: stop.seq }).catch(() => {});
      }
      return { kind: 'left', fatal };
    }
    return { kind: 'outcome', outcome: { status: 'error', error }, seq: stop.seq, fatal };
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
