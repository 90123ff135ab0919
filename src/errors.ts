/**
 * The exit codes: the one table every error class, command and bulk run takes its number from.
 * `shorty help exit-codes` prints it.
 */
export const EXIT = {
  ok: 0,
  api: 1,
  usage: 2,
  auth: 3,
  rateLimit: 4,
  network: 5,
  hangup: 129,
  interrupted: 130,
  quit: 131,
  terminated: 143,
} as const;

/**
 * Every failure a command can report; `exitCode` is the contract's exit code. Each class names
 * itself (`name`): the bundle's minifier renames classes, and a stack printed by --debug starts
 * with the name.
 */
export class ShortyError extends Error {
  override name = 'ShortyError';
  readonly exitCode: number;
  readonly hint?: string;
  /** The input the failure is about, by its option key (`expiry`), when an operation knows it. */
  field?: string;
  constructor(message: string, exitCode: number, hint?: string) {
    super(message);
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

/** Bad flags, arguments or input, found before any request is sent. */
export class UsageError extends ShortyError {
  override name = 'UsageError';
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint);
  }
}

/** The API answered with an error (body `error` 1, or a non-2xx status). */
export class ApiError extends ShortyError {
  override name = 'ApiError';
  readonly status?: number;
  constructor(message: string, opts: { status?: number; hint?: string } = {}) {
    super(message, EXIT.api, opts.hint);
    this.status = opts.status;
  }
}

/**
 * The answer was not the API's at all (an HTML page, an empty or cut-off body): exit 1 like any
 * API error, but it says nothing about the request, so a bulk run stops instead of going on.
 */
export class UnusableResponseError extends ApiError {
  override name = 'UnusableResponseError';
}

/**
 * The one answer to "is this failure the item's, or the whole run's?" (a row of an import, a link
 * of a sync or an undo, an id of `delete 1 2 3`): the item's when the API itself refused this one
 * request (its JSON error, below 500), so the run goes on with the next item. Anything else (the
 * network, the key, the rate limit, a 5xx, an HTML page or a broken body) would meet every later
 * item too: the run's, and it stops.
 */
export function isItemFailure(err: unknown): err is ApiError {
  return (
    err instanceof ApiError && !(err instanceof UnusableResponseError) && (err.status === undefined || err.status < 500)
  );
}

/** Key missing, invalid or expired. `serverMessage`: the server's own words (redacted), when it sent any. */
export class AuthError extends ShortyError {
  override name = 'AuthError';
  readonly serverMessage?: string;
  constructor(message: string, hint?: string, serverMessage?: string) {
    super(message, EXIT.auth, hint);
    this.serverMessage = serverMessage;
  }
}

/**
 * The key may well be right, but the account or the server refuses the API (an inactive account,
 * a plan without API access, the API turned off): still exit 3, and `refusal` names which.
 */
export class RefusalError extends AuthError {
  override name = 'RefusalError';
  readonly refusal: string;
  constructor(refusal: string, serverMessage: string, hint: string) {
    super(`the server refused the request: ${serverMessage}`, hint, serverMessage);
    this.refusal = refusal;
  }
}

/**
 * A question answered no (`Delete link 4?`): nothing was done, which is not what the command was
 * run for, so exit 1. The message says what was not done: `nothing deleted`.
 */
export class DeclinedError extends ShortyError {
  override name = 'DeclinedError';
  constructor(nothingDone: string) {
    super(nothingDone, EXIT.api);
  }
}

/** Rate limited and not allowed to wait, or retries exhausted. */
export class RateLimitError extends ShortyError {
  override name = 'RateLimitError';
  /** How long until a request may go, when the limiter knows it. */
  readonly retryAfterMs?: number;
  constructor(message: string, hint?: string, retryAfterMs?: number) {
    super(message, EXIT.rateLimit, hint);
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * Rate limited under --no-wait: the request was not sent (or the server refused it), and the user
 * asked for exit 4 rather than any wait, so no bulk run may wait it out as an outage.
 */
export class NoWaitError extends RateLimitError {
  override name = 'NoWaitError';
}

/**
 * What went wrong on the way to the server, from the failure's code (never from its message):
 * refused, dns, unreachable (no route, the OS gave up connecting), reset (the connection broke),
 * timeout (our --timeout), tls (handshake or certificate), proxy (the proxy refused the tunnel or
 * its credentials), protocol (the answer is not HTTP), other.
 */
export type NetworkErrorKind =
  | 'refused'
  | 'dns'
  | 'unreachable'
  | 'reset'
  | 'timeout'
  | 'tls'
  | 'proxy'
  | 'protocol'
  | 'other';

/** Failures before the request could reach the server: a write that failed so was not carried out. */
export function neverSent(kind: NetworkErrorKind): boolean {
  return kind === 'refused' || kind === 'dns' || kind === 'unreachable' || kind === 'tls' || kind === 'proxy';
}

/** No usable answer: the connection failed, broke or timed out. */
export class NetworkError extends ShortyError {
  override name = 'NetworkError';
  readonly kind: NetworkErrorKind;
  constructor(kind: NetworkErrorKind, message: string, hint?: string) {
    super(message, EXIT.network, hint);
    this.kind = kind;
  }
}

/** The run was stopped before it finished: Ctrl-C (SIGINT, 130), SIGTERM (143), SIGHUP (129), SIGQUIT (131), or its output went away. */
export class CancelError extends ShortyError {
  override name = 'CancelError';
  constructor(message = 'interrupted', exitCode: number = EXIT.interrupted) {
    super(message, exitCode);
  }
}

/**
 * stdout or stderr refused a write (the reader left: EPIPE; a full disk; an I/O error). It stops
 * the run as Ctrl-C does, so an import still journals the rows in flight.
 */
export class OutputError extends CancelError {
  override name = 'OutputError';
  readonly stream: 'stdout' | 'stderr';
  readonly code?: string;
  constructor(stream: 'stdout' | 'stderr', code: string | undefined, reason: string) {
    super(`cannot write to ${stream}: ${reason}`, EXIT.api);
    this.stream = stream;
    this.code = code;
  }

  /** `| head` closed stdout: the reader chose to stop, which is not an error of the run. */
  get readerLeft(): boolean {
    return this.stream === 'stdout' && this.code === 'EPIPE';
  }
}
