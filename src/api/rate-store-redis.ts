import { createHash, randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { NetworkError, type NetworkErrorKind } from '../errors.js';
import { rateStoreTarget } from '../settings/rate-store-url.js';
import { maskUrlCredentials } from '../util/url-credentials.js';
import { abortableSleep } from '../util/sleep.js';
import { errorCode, networkErrorKind } from './network-error.js';
import type { RateStore } from './limiter.js';
import { parseState, type RateState, safetyMarginMs } from './rate-window.js';

/**
 * The limiter's shared state in Redis, for a fleet of machines on one key. Same contract as the
 * state file (rate-store.ts), with Redis's own optimistic transaction instead of a lock: WATCH the
 * key, read it, let the limiter change the state, and write it in MULTI/EXEC, which Redis refuses
 * when another client wrote the key in between; then the update is read and done again.
 */

/** Connecting, authenticating and each command: past this the store counts as unreachable. */
const REDIS_TIMEOUT_MS = 2000;

/** The longest pause between two attempts to connect again after the connection was lost. */
const RECONNECT_MAX_MS = 1000;

export interface RedisStoreOptions {
  url: string;
  baseUrl: string;
  apiKey: string;
  /** The key expires after the configured window, or after a request in flight can last. */
  windowMs: number;
  maxInFlightMs: number;
  now(): number;
}

export interface RedisRateStore extends RateStore {
  readonly owner: number;
  /** Redis's clock minus ours: the fleet measures its windows on one clock. */
  readonly clockOffsetMs: number;
  isOwnerAlive(owner: number): boolean;
  close(): Promise<void>;
}

/** `shorty:ratelimit:<base URL>:<hash of the key>`: a person can tell services apart, nobody can read the key. */
export function redisStateKey(baseUrl: string, apiKey: string): string {
  const digest = createHash('sha256').update(apiKey, 'utf8').digest('hex').slice(0, 32);
  return `shorty:ratelimit:${baseUrl}:${digest}`;
}

/** How long the state must outlive this update: the window past now, an announced block, a request in flight. */
export function stateTtlMs(state: RateState, now: number, windowMs: number, maxInFlightMs: number): number {
  const inFlight = state.slots.some((s) => s.doneAt === undefined) ? maxInFlightMs : 0;
  const window = inFlight + windowMs + 2 * safetyMarginMs(windowMs);
  const blocked = Math.max(state.retryUntil ?? 0, state.serverReset?.until ?? 0) - now;
  return Math.ceil(Math.max(window, blocked, 1000));
}

export async function openRedisRateStore(opts: RedisStoreOptions): Promise<RedisRateStore> {
  const shown = maskUrlCredentials(opts.url);
  const fail: Fail = (err) => unreachable(shown, err, rateStoreTarget(opts.url).password);
  const client = await connect(opts.url, fail);
  const key = redisStateKey(opts.baseUrl, opts.apiKey);
  const clockOffsetMs = await measureClockOffset(client, fail);
  const now = () => opts.now() + clockOffsetMs;
  // Slots are tagged with their owner: pids of different machines can be equal, so a random id.
  const owner = randomInt(1, 2 ** 47);
  let tail: Promise<unknown> = Promise.resolve();
  const send = <T>(command: Promise<T>) => command.catch((err) => Promise.reject(fail(err)));

  return {
    owner,
    clockOffsetMs,
    // Another machine's process can't be looked up: its slots settle by the in-flight timeout.
    isOwnerAlive: () => true,
    async read() {
      return parseState((await send(client.get(key))) ?? '');
    },
    update(change, signal) {
      const run = async () => {
        for (let attempt = 1; ; attempt++) {
          if (signal?.aborted) throw signal.reason;
          await send(client.watch(key));
          const state = parseState((await send(client.get(key))) ?? '');
          const result = change(state);
          const ttl = stateTtlMs(state, now(), opts.windowMs, opts.maxInFlightMs);
          const wrote = await send(client.multi().set(key, JSON.stringify(state), 'PX', ttl).exec());
          if (wrote) {
            const failed = wrote.find(([err]) => err)?.[0];
            if (failed) throw fail(failed);
            return result;
          }
          // Another client wrote first: a short, growing, random pause keeps racers from meeting again.
          await abortableSleep(Math.random() * 2 * Math.min(attempt, 10), signal);
        }
      };
      // One update at a time on the connection: WATCH belongs to the connection, not to an update.
      // Each takes milliseconds (REDIS_TIMEOUT_MS at most): a queued one sees an abort when its turn comes.
      const result = tail.then(run);
      tail = result.catch(() => {});
      return result;
    },
    async close() {
      await tail;
      await Promise.race([client.quit().catch(() => {}), abortableSleep(REDIS_TIMEOUT_MS)]);
      client.disconnect();
    },
  };
}

/** Turns whatever the client threw into the one-line NetworkError the user sees. */
type Fail = (err: unknown) => NetworkError;

/** Connects and authenticates within REDIS_TIMEOUT_MS, or throws the NetworkError the user sees. */
async function connect(url: string, fail: Fail): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const target = rateStoreTarget(url);
  const client = new Redis({
    ...target,
    tls: target.tls ? { servername: target.host } : undefined,
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    // A command fails at once while the connection is down, never queued: the user (or the
    // outage logic of an import) learns that the shared budget is gone. The connection itself is
    // made again in the background, so the first request after Redis is back finds it: a
    // restart of Redis costs a long import or `shorty mcp` a retry, not the rest of the run.
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, RECONNECT_MAX_MS),
    enableOfflineQueue: false,
    enableReadyCheck: false,
  });
  // The client reports the cause as an event; the promises only say "Connection is closed".
  let cause: unknown;
  client.on('error', (err) => {
    cause ??= err;
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: TIMED_OUT })), REDIS_TIMEOUT_MS);
  });
  try {
    await Promise.race([client.connect(), deadline]);
    // The client selects the database itself, but carries on in database 0 when the server
    // refuses it (`/99` on a server of 16): selected here, so that a refusal is an error.
    if (target.db) await Promise.race([client.select(target.db), deadline]);
    return client;
  } catch (err) {
    client.disconnect();
    throw fail(cause ?? err);
  } finally {
    clearTimeout(timer);
  }
}

/** One TIME round trip; the midpoint of the trip is when the server read its clock. */
async function measureClockOffset(client: Redis, fail: Fail): Promise<number> {
  const before = Date.now();
  const [seconds, micros] = await client.time().catch((err) => Promise.reject(fail(err)));
  const after = Date.now();
  return Math.round(Number(seconds) * 1000 + Number(micros) / 1000 - (before + after) / 2);
}

const TIMED_OUT = 'ERR_SHORTY_REDIS_TIMEOUT';

const HINT =
  'check SHORTY_RATE_STORE (or --rate-store, or rate-store in the profile) and that the Redis server is up; ' +
  'unset it to pace with the local limiter instead';

/** What failed, by the error's kind; otherwise the server's own line (quoted below). */
const WHY: Partial<Record<NetworkErrorKind, string>> = {
  timeout: `no answer within ${REDIS_TIMEOUT_MS / 1000} s`,
  refused: 'connection refused',
  dns: 'host not found',
  tls: 'TLS handshake failed',
  reset: 'the connection was closed',
};

/**
 * Named by what failed. A server's own error line is quoted (e.g. "ERR DB index is out of
 * range"), with the password cut out: an old server's reply may echo the command it refused.
 */
function unreachable(shown: string, err: unknown, password?: string): NetworkError {
  const message = String((err as Error | undefined)?.message ?? '');
  const code = errorCode(err);
  let kind = networkErrorKind(code);
  if (code === TIMED_OUT || /timed out/i.test(message)) kind = 'timeout';
  // A command lost with the connection, or sent while it is made again, fails at once: the
  // connection was lost, which the callers' outage logic waits out, like a reset.
  else if (/Connection is closed|Stream isn't writeable|max retries per request/.test(message)) kind = 'reset';
  const why = /^(WRONGPASS|NOAUTH|NOPERM)\b|invalid (username-)?password/i.test(message)
    ? 'authentication failed'
    : (WHY[kind] ?? (withoutSecret(message.split('\n')[0]!.slice(0, 200), password) || code || 'unexpected error'));
  return new NetworkError(kind, `cannot use the rate store ${shown}: ${why}`, HINT);
}

function withoutSecret(text: string, secret: string | undefined): string {
  if (!secret) return text;
  return [secret, encodeURIComponent(secret)].reduce((t, s) => t.split(s).join('***'), text);
}
