// Injected failures for testing clients (POST /__sandbox/faults). The next `count` /api
// requests (all of them when count is absent), or a `rate` fraction of them, fail in the chosen
// way (`mode`, or one of `modes` picked per request):
//   html500    an HTML 500 page; the request is not processed
//   html404    an HTML 404 page; not processed
//   html502    processed (its effects happen!), then a proxy's HTML 502 page: the backend was
//              too slow for the proxy, which gave up on the answer
//   empty      HTTP 200 with an empty body; not processed
//   drop       the connection is closed before the request is processed: nothing happens
//   lost       processed normally, then the connection is closed before any byte of the answer
//              (the lost answer of a crashing server or a broken network)
//   slow       answered after delayMs (default 2000), and only then processed: the server is
//              busy before it does the work
//   late       processed at once, answered after delayMs: past a client's timeout the answer
//              is lost but the effect is not
//   reset      processed normally, then the socket is destroyed after the headers and half of
//              the body — what a crashing proxy does
//   truncated  processed normally, the JSON body is cut in half (Content-Length matches the cut)
// and the 403s of a server or an account that refuses the API (see DENIALS), in the order a
// deployed server checks them: after the rate limit and the route, `api-disabled` before the key,
// the others only for the right key (a wrong one still gets the bad-key answer).
// Several modes without `rate` take turns (each of the first `count` requests meets the next
// mode); with `rate`, which requests fail (and how) follows a PRNG seeded by `seed` (default 1):
// the same sequence of requests meets the same faults.
const DENIALS = {
  'api-disabled': { message: 'API service is disabled.', beforeKey: true },
  'api-not-allowed': { message: 'You do not have the permission to use the API.', beforeKey: false },
  'account-inactive': { message: 'Please activate your account.', beforeKey: false },
  'endpoint-not-allowed': { message: 'You do not have permission to access this endpoint.', beforeKey: false },
} as const;
export type Denial = (typeof DENIALS)[keyof typeof DENIALS];
type DenialMode = keyof typeof DENIALS;

const FAULT_MODES = [
  'html500',
  'reset',
  'slow',
  'truncated',
  'html404',
  'empty',
  'html502',
  'drop',
  'lost',
  'late',
  ...(Object.keys(DENIALS) as DenialMode[]),
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export function denialOf(mode: FaultMode): Denial | undefined {
  return Object.hasOwn(DENIALS, mode) ? DENIALS[mode as DenialMode] : undefined;
}

export interface FaultSetting {
  mode: FaultMode | null;
  /** The modes mixed when there are several (`mode` is then the first). */
  modes: FaultMode[];
  remaining: number | null;
  /** The fraction of requests that fail, or null: every one (within `remaining`). */
  rate: number | null;
  seed: number;
  delayMs: number;
}

const CLEAR: FaultSetting = { mode: null, modes: [], remaining: null, rate: null, seed: 1, delayMs: 0 };
const SHAPE = 'expected a JSON object {mode | modes, count?, rate?, seed?, delayMs?}';

export class Faults {
  private setting: FaultSetting = { ...CLEAR };
  private random: () => number = mulberry32(1);
  private taken = 0;

  current(): FaultSetting {
    return { ...this.setting, modes: [...this.setting.modes] };
  }

  /** Validates and installs `{mode | modes, count?, rate?, seed?, delayMs?}`; returns an error message or null. */
  configure(input: unknown): string | null {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return SHAPE;
    const { mode, modes, count, rate, seed, delayMs } = input as Record<string, unknown>;
    const list = modes === undefined ? (mode === null || mode === undefined ? [] : [mode]) : modes;
    if (!Array.isArray(list) || (modes !== undefined && list.length === 0))
      return 'modes must be a non-empty array of modes';
    const known = FAULT_MODES as readonly unknown[];
    if (!list.every((m) => known.includes(m))) return `mode must be one of ${FAULT_MODES.join(', ')} or null`;
    if (count !== undefined && count !== null && (!Number.isSafeInteger(count) || (count as number) < 1))
      return 'count must be a positive integer';
    if (rate !== undefined && rate !== null && (typeof rate !== 'number' || !(rate > 0 && rate <= 1)))
      return 'rate must be a number in (0, 1]';
    if (seed !== undefined && !Number.isSafeInteger(seed)) return 'seed must be an integer';
    if (delayMs !== undefined && (!Number.isSafeInteger(delayMs) || (delayMs as number) < 0))
      return 'delayMs must be a non-negative integer';
    if (list.length === 0) {
      this.clear();
      return null;
    }
    this.setting = {
      mode: list[0] as FaultMode,
      modes: list as FaultMode[],
      remaining: (count as number | undefined) ?? null,
      rate: (rate as number | undefined) ?? null,
      seed: (seed as number | undefined) ?? 1,
      delayMs: (delayMs as number | undefined) ?? 2000,
    };
    this.random = mulberry32(this.setting.seed);
    this.taken = 0;
    return null;
  }

  /** The fault for this request, if any, consuming one from `count`. */
  take(): { mode: FaultMode; delayMs: number } | null {
    const { modes, remaining, rate, delayMs } = this.setting;
    if (modes.length === 0) return null;
    if (rate !== null && this.random() >= rate) return null;
    if (remaining !== null) {
      if (remaining <= 1) this.clear();
      else this.setting.remaining = remaining - 1;
    }
    const turn = rate === null ? this.taken : Math.floor(this.random() * modes.length);
    this.taken += 1;
    const mode = modes[turn % modes.length];
    return { mode, delayMs };
  }

  clear(): void {
    this.setting = { ...CLEAR };
  }
}

/** A small seeded PRNG (public domain, Tommy Ettinger): the same seed, the same faults. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
