// What a tool call answers: the data as structured content (and as JSON text for clients that read
// text only), or a failure as shorty words it. Every string passes the run's secrets first (a
// server may echo the key or a link's password in any field or message), then is made inert and
// bounded (bounded.ts): server text is data.
import type { CallToolResult } from './sdk.js';
import { EXIT, RateLimitError, ShortyError } from '../errors.js';
import type { Secrets } from '../util/secrets.js';
import { boundedData, inertDeep, inertText } from './bounded.js';

export type Data = Record<string, unknown>;

/** `value` with every string redacted, however deep (records carry server text). */
function redactDeep(value: unknown, secrets: Secrets): unknown {
  if (typeof value === 'string') return secrets.redact(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secrets));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, secrets)]));
  }
  return value;
}

export function dataResult(data: Data, secrets: Secrets): CallToolResult {
  const { data: safe, note } = boundedData(inertDeep(redactDeep(data, secrets)) as Data);
  const text = JSON.stringify(safe);
  return {
    content: note
      ? [
          { type: 'text', text },
          { type: 'text', text: note },
        ]
      : [{ type: 'text', text }],
    structuredContent: safe,
  };
}

/** The fields of a failed call, for a model to act on: what happened, what to do, and when to retry. */
export interface Failure {
  error: 'usage' | 'rate_limited' | 'not_confirmed' | 'declined' | 'failed';
  message: string;
  hint?: string;
  /** The input the failure is about, by its key in the tool's schema. */
  field?: string;
  exitCode?: number;
  retryAfterSeconds?: number;
  /** What a call on several items did before it stopped (see stoppedAfter). */
  done?: Data;
}

const PARTIAL = Symbol('what was done');

/** `err`, carrying what the call did before it: the answer says it, so that a retry does only the rest. */
export function stoppedAfter(err: unknown, done: Data): unknown {
  if (err !== null && typeof err === 'object') Object.assign(err, { [PARTIAL]: done });
  return err;
}

const doneBefore = (err: unknown): Data | undefined =>
  err !== null && typeof err === 'object' ? (err as { [PARTIAL]?: Data })[PARTIAL] : undefined;

export function failureOf(err: unknown): Failure {
  const done = doneBefore(err);
  const failure = failureWithout(err);
  return done ? { ...failure, done } : failure;
}

function failureWithout(err: unknown): Failure {
  // A bulk run that rode out the rate limit as an outage until its time was up ends with exit 4 too.
  if (err instanceof ShortyError && err.exitCode === EXIT.rateLimit) {
    const ms = err instanceof RateLimitError ? err.retryAfterMs : undefined;
    const retry = ms === undefined ? undefined : Math.max(1, Math.ceil(ms / 1000));
    return {
      error: 'rate_limited',
      message: err.message,
      hint: err.hint,
      exitCode: err.exitCode,
      retryAfterSeconds: retry,
    };
  }
  if (err instanceof ShortyError) {
    return {
      error: err.exitCode === 2 ? 'usage' : 'failed',
      message: err.message,
      hint: err.hint,
      ...(err.field === undefined ? {} : { field: err.field }),
      exitCode: err.exitCode,
    };
  }
  // Not shorty's own words (a bug, a library's error): the message alone, no stack.
  return { error: 'failed', message: err instanceof Error ? err.message : String(err) };
}

/**
 * An `isError` result: shorty's line and hint as text, then the same as JSON. No structured
 * content: a client checks that against the tool's output schema, which describes success.
 */
export function failureResult(failure: Failure, secrets: Secrets): CallToolResult {
  const safe = inertDeep(redactDeep(failure, secrets)) as Failure;
  // A message may quote a name at length: one field's worth is enough to act on.
  safe.message = inertText(safe.message);
  const lines = [`shorty: ${safe.message}`, ...(safe.hint ? [`hint: ${safe.hint}`] : [])];
  return {
    isError: true,
    content: [
      { type: 'text', text: lines.join('\n') },
      { type: 'text', text: JSON.stringify(safe) },
    ],
  };
}
