// Injected failures for testing clients (POST /__sandbox/faults). The next `count` /api
// requests (all of them when count is absent) fail in the chosen way:
//   html500    an HTML 500 page; the request is not processed
//   html404    an HTML 404 page; not processed
//   empty      HTTP 200 with an empty body; not processed
//   slow       processed normally, answered after delayMs (default 2000)
//   reset      processed normally (its effects happen!), then the socket is destroyed after the
//              headers and half of the body — what a crashing proxy does
//   truncated  processed normally, the JSON body is cut in half (Content-Length matches the cut)
// and the 403s of a server or an account that refuses the API (see DENIALS), in the order a
// deployed server checks them: after the rate limit and the route, `api-disabled` before the key,
// the others only for the right key (a wrong one still gets the bad-key answer).
export const DENIALS = {
  'api-disabled': { message: 'API service is disabled.', beforeKey: true },
  'api-not-allowed': { message: 'You do not have the permission to use the API.', beforeKey: false },
  'account-inactive': { message: 'Please activate your account.', beforeKey: false },
  'endpoint-not-allowed': { message: 'You do not have permission to access this endpoint.', beforeKey: false },
} as const;
export type Denial = (typeof DENIALS)[keyof typeof DENIALS];
type DenialMode = keyof typeof DENIALS;

export const FAULT_MODES = [
  'html500', 'reset', 'slow', 'truncated', 'html404', 'empty',
  ...(Object.keys(DENIALS) as DenialMode[]),
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export function denialOf(mode: FaultMode): Denial | undefined {
  return Object.hasOwn(DENIALS, mode) ? DENIALS[mode as DenialMode] : undefined;
}

export interface FaultSetting {
  mode: FaultMode | null;
  remaining: number | null;
  delayMs: number;
}

export class Faults {
  private setting: FaultSetting = { mode: null, remaining: null, delayMs: 0 };

  current(): FaultSetting {
    return { ...this.setting };
  }

  /** Validates and installs `{mode, count?, delayMs?}`; returns an error message or null. */
  configure(input: unknown): string | null {
    const body = (input ?? {}) as Record<string, unknown>;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'expected a JSON object {mode, count?, delayMs?}';
    const { mode, count, delayMs } = body;
    if (mode !== null && !(FAULT_MODES as readonly unknown[]).includes(mode)) return `mode must be one of ${FAULT_MODES.join(', ')} or null`;
    if (count !== undefined && count !== null && (!Number.isSafeInteger(count) || (count as number) < 1)) return 'count must be a positive integer';
    if (delayMs !== undefined && (!Number.isSafeInteger(delayMs) || (delayMs as number) < 0)) return 'delayMs must be a non-negative integer';
    this.setting = {
      mode: (mode as FaultMode | null) ?? null,
      remaining: mode === null ? null : ((count as number | undefined) ?? null),
      delayMs: (delayMs as number | undefined) ?? 2000,
    };
    return null;
  }

  /** The fault for this request, if any, consuming one from `count`. */
  take(): { mode: FaultMode; delayMs: number } | null {
    const { mode, remaining, delayMs } = this.setting;
    if (mode === null) return null;
    if (remaining !== null) {
      if (remaining <= 1) this.setting = { mode: null, remaining: null, delayMs: 0 };
      else this.setting.remaining = remaining - 1;
    }
    return { mode, delayMs };
  }

  clear(): void {
    this.setting = { mode: null, remaining: null, delayMs: 0 };
  }
}
