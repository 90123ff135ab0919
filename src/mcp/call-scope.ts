// One tool call's own run: a signal that stops it (the client's cancellation, or its time up), a
// deadline that bounds every wait of the call together (--max-wait is for the whole call, not for
// each wait), and progress notifications for a client that asked for them. The call's requests
// carry these terms to the limiter themselves (WaitScope): the run's shared settings stay as read.
import { setMaxListeners } from 'node:events';
import type { Context } from '../context.js';
import { RateLimitError } from '../errors.js';
import type { WaitScope } from '../api/limiter.js';
import type { ModernApi } from '../api/modern.js';
import type { FileGate } from './files.js';

interface ProgressReport {
  done?: number;
  total?: number;
  message?: string;
}

/** What a tool's run may use of its call besides the context. */
export interface ToolCall {
  /** The folder `--files` opened, if the user named one: the only way to read a file. */
  files?: FileGate;
  progress(report: ProgressReport): void;
  /** Counts a run's rows as they finish, as progress: `tick` for each, `done` the count so far. */
  countRows(total?: number): { tick(): void; done(): number };
  /** Why the call was stopped, once it was: the client cancelled it, or its time was up. */
  stoppedBy(): 'cancelled' | 'time' | undefined;
}

type Send = (notification: {
  method: 'notifications/progress';
  params: { progressToken: string | number; progress: number; total?: number; message?: string };
}) => Promise<void>;

interface Extra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification: Send;
}

/** `work` run as one call: its context, its ToolCall, and the deadline for its waits. */
export async function inCall<T>(
  ctx: Context,
  extra: Extra,
  opts: { tool: string; files?: FileGate },
  work: (ctx: Context, call: ToolCall) => Promise<T>,
): Promise<T> {
  const { files } = opts;
  const { maxWaitMs } = await ctx.settings();
  const stop = new AbortController();
  // A bulk run listens to it once per request in flight: a window of them is no leak.
  setMaxListeners(0, stop.signal);
  let stopped: 'cancelled' | 'time' | undefined;
  const onCancel = () => {
    stopped ??= 'cancelled';
    stop.abort(extra.signal.reason);
  };
  extra.signal.addEventListener('abort', onCancel, { once: true });
  // The clock of the run (a test's own) bounds the waits; this timer stops a run that goes on
  // sending past the bound without waiting (an import of many rows): it stops before its next row.
  const timer =
    maxWaitMs === undefined
      ? undefined
      : setTimeout(() => {
          stopped ??= 'time';
          // Past its bound with no wait to refuse (pages of a list, items of a delete): the call
          // ends as a refused wait does, the answer saying what was done and to call again.
          stop.abort(new RateLimitError(`the call took --max-wait (${maxWaitMs / 1000} s)`, 'call again to go on', 0));
        }, maxWaitMs);
  timer?.unref();
  const progress = reporter(extra);
  const deadline = maxWaitMs === undefined ? undefined : ctx.now() + maxWaitMs;
  const timeLeft = deadline === undefined ? undefined : () => Math.max(0, deadline - ctx.now());
  const toldOfWait = (ms: number) => progress({ message: `waiting ${Math.ceil(ms / 1000)} s before the next request` });
  const callCtx: Context = {
    ...ctx,
    signal: stop.signal,
    // The run's one client, its waits on the call's terms: told, bounded, and ended by the call's stop.
    api: async () => scoped(await ctx.api(), { signal: stop.signal, timeLeft, onWait: toldOfWait }),
    // A bulk run's own client waits through `sleep` below, which tells the client already.
    apiOn: async (run) => scoped(await ctx.apiOn(run), { timeLeft }),
    // Every wait of the call's bulk runs goes through here: the client hears of it.
    sleep: (ms, signal) => {
      if (ms >= 1000) toldOfWait(ms);
      return ctx.sleep(ms, signal);
    },
  };
  const call: ToolCall = {
    files,
    progress,
    stoppedBy: () => stopped,
    countRows: (total) => {
      let rows = 0;
      return {
        tick: () => {
          rows += 1;
          progress({ done: rows, total, message: `${rows}${total === undefined ? '' : ` of ${total}`} rows done` });
        },
        done: () => rows,
      };
    },
  };
  try {
    return await work(callCtx, call);
  } finally {
    if (timer) clearTimeout(timer);
    extra.signal.removeEventListener('abort', onCancel);
    // The client hears nothing more of a cancelled call: the log says it has stopped.
    if (stopped === 'cancelled') ctx.io.stderr.write(`shorty: mcp: ${opts.tool} stopped: cancelled by the client\n`);
  }
}

/** `api` with the call's terms given with each of its requests. */
function scoped(api: ModernApi, scope: WaitScope): ModernApi {
  return {
    ...api,
    call: (method, path, opts) => api.call(method, path, { ...opts, scope }),
    send: (method, path, opts) => api.send(method, path, { ...opts, scope }),
  };
}

/**
 * Progress notifications when the request carries a progress token, none otherwise. The value
 * must rise with each one: a message alone (a wait) moves it by a thousandth.
 */
function reporter(extra: Extra): (report: ProgressReport) => void {
  const token = extra._meta?.progressToken;
  if (token === undefined) return () => {};
  let last = 0;
  let total: number | undefined;
  return (report) => {
    if (extra.signal.aborted) return;
    total = report.total ?? total;
    const progress = report.done !== undefined && report.done > last ? report.done : last + 0.001;
    last = progress;
    const params = { progressToken: token, progress, ...(total === undefined ? {} : { total }) };
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: report.message ? { ...params, message: report.message } : params,
      })
      .catch(() => {});
  };
}
