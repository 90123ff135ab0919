// Injected failures for testing clients (POST /__sandbox/faults). The next `count` /api
// requests (all of them when count is absent) fail in the chosen way:
//   html500    an HTML 500 page; the request is not processed
//   html404    an HTML 404 page; not processed
//   empty      HTTP 200 with an empty body; not processed
//   slow       processed normally, answered after delayMs (default 2000)
//   reset      processed normally (its effects happen!), then the socket is destroyed after the
//              headers and half of the body — what a crashing proxy does
//   truncated  processed normally, the JSON body is cut in half (Content-Length matches the cut)
export const FAULT_MODES = ['html500', 'reset', 'slow', 'truncated', 'html404', 'empty'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

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
