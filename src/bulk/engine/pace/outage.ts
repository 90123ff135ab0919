import {
  ApiError,
  EXIT,
  NetworkError,
  neverSent,
  NoWaitError,
  RateLimitError,
  ShortyError,
  UnusableResponseError,
  type NetworkErrorKind,
} from '../../../errors.js';
import { formatDuration } from '../../../util/duration.js';

/** Failures of the way to the server, not of the request: the next try may well work. */
const OUTAGE_KINDS: ReadonlySet<NetworkErrorKind> = new Set(['refused', 'dns', 'unreachable', 'reset', 'timeout']);

export interface OutageFailure {
  /** The server may have carried the request out: a create is looked up before it is sent again. */
  maybeDone: boolean;
}

/**
 * Whether a failure is an outage to wait out, decided by its type, its kind and its status (never
 * by its text): a refused, reset or timed-out connection, a DNS failure, a 5xx, an HTML page or a
 * broken body in place of the API's answer, or a rate limit that outlasted the client's retries.
 * A TLS, proxy or protocol failure, a redirect, a 4xx, a wrong key: waiting would not change them;
 * a rate limit under --no-wait is no outage either: the user asked to stop rather than wait.
 */
export function outageFailure(err: unknown): OutageFailure | undefined {
  if (err instanceof NoWaitError) return undefined;
  if (err instanceof NetworkError) return OUTAGE_KINDS.has(err.kind) ? { maybeDone: !neverSent(err.kind) } : undefined;
  if (err instanceof RateLimitError) return { maybeDone: false };
  if (!(err instanceof ApiError) || err.status === undefined) return undefined;
  if (err.status >= 500) return { maybeDone: true };
  // A 2xx whose body is empty or cut off: the work was done, the answer broke on the way.
  if (err instanceof UnusableResponseError && err.status >= 200 && err.status < 300) return { maybeDone: true };
  return undefined;
}

export interface OutagePolicy {
  /** How long failures may go on before the run stops (--max-outage). */
  maxMs: number;
  /** The first wait; each next one doubles, up to capMs. */
  firstMs: number;
  capMs: number;
  /** Whether the service answered in this run or in the runs its journal records; shared by the run's riders. */
  reach?: { answered: boolean };
}

/** Failures that say the service was never there: a name that does not resolve, a port nobody listens on. */
const NEVER_REACHED: ReadonlySet<NetworkErrorKind> = new Set(['refused', 'dns']);

/**
 * Whether a failure ends the run at once rather than being waited out: an outage is a service that
 * answered and then stopped; one that never answered is a wrong base URL, or a server not started,
 * which no wait mends (as for a single command).
 */
function neverReached(err: unknown, reach: { answered: boolean }): boolean {
  return !reach.answered && err instanceof NetworkError && NEVER_REACHED.has(err.kind);
}

export const DEFAULT_OUTAGE: OutagePolicy = { maxMs: 3_600_000, firstMs: 1000, capMs: 60_000 };

/** The run stopped: the service kept failing for longer than --max-outage. Exits as its last failure did. */
export class OutageTooLong extends ShortyError {
  override name = 'OutageTooLong';
  readonly last: unknown;
  constructor(last: unknown, maxMs: number, hint?: string) {
    const what = last instanceof Error ? last.message : String(last);
    const code = last instanceof ShortyError ? last.exitCode : EXIT.network;
    super(
      maxMs === 0 ? what : `the service kept failing for ${formatDuration(maxMs)} (--max-outage); last: ${what}`,
      code,
      hint,
    );
    this.last = last;
  }
}

export interface OutageDeps {
  now(): number;
  /** Rejects when the run is stopped (Ctrl-C). */
  sleep(ms: number): Promise<void>;
  warn(text: string): void;
  random?: () => number;
}

/**
 * One outage at a time for the whole run: it starts at the first failure after a success and
 * ends at the next success, whichever row meets them. A service never reached is no outage. Waits grow exponentially (capped) with
 * jitter, so clients that failed together do not come back together.
 */
export class OutageRider {
  private since?: number;
  private attempt = 0;
  private readonly reach: { answered: boolean };

  constructor(
    private readonly deps: OutageDeps,
    readonly policy: OutagePolicy,
  ) {
    this.reach = policy.reach ?? { answered: false };
  }

  /** A request got through: the outage, if any, is over. */
  ok(): void {
    this.since = undefined;
    this.attempt = 0;
    this.reach.answered = true;
  }

  /**
   * Waits before the next try, saying what failed and for how long it waits; past the limit, throws
   * OutageTooLong; a service never reached, the failure itself.
   */
  async wait(err: unknown): Promise<void> {
    if (neverReached(err, this.reach)) throw err;
    const now = this.deps.now();
    this.since ??= now;
    const down = now - this.since;
    if (down >= this.policy.maxMs) throw new OutageTooLong(err, this.policy.maxMs);
    const ceiling = Math.min(this.policy.capMs, this.policy.firstMs * 2 ** Math.min(this.attempt, 30));
    this.attempt += 1;
    const jittered = ceiling / 2 + (this.deps.random ?? Math.random)() * (ceiling / 2);
    const ms = Math.max(1, Math.round(Math.min(jittered, this.policy.maxMs - down)));
    const what = err instanceof Error ? err.message : String(err);
    this.deps.warn(
      `${what}; trying again in ${formatDuration(ms)} (failing for ${formatDuration(down)}, --max-outage ${formatDuration(this.policy.maxMs)})`,
    );
    await this.deps.sleep(ms);
  }

  /** Runs `attempt` until it works, waiting out outages; other failures are thrown at once. */
  async retry<T>(attempt: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        const value = await attempt();
        this.ok();
        return value;
      } catch (err) {
        if (!outageFailure(err)) throw err;
        await this.wait(err);
      }
    }
  }
}
