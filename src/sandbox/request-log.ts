// The log of every /api request, for tests (GET /__sandbox/requests). The legacy key is
// replaced by `***` and the Authorization header is never recorded, only whether it was valid.
import type { FaultMode } from './faults.js';

export interface RequestLogEntry {
  method: string;
  /** path without the query; legacy key redacted as `***` */
  path: string;
  query: Record<string, string>;
  /** parsed JSON body; the raw text when it is not JSON; null when empty or too large */
  body: unknown;
  /** ISO 8601 */
  time: string;
  status: number;
  api: 'modern' | 'legacy';
  /** the key presented (header or path) was the sandbox's */
  authorized: boolean;
  rateLimited: boolean;
  fault?: FaultMode;
  headers: { 'content-type'?: string; 'user-agent'?: string; accept?: string };
}

export interface SandboxStats {
  /** /api requests received since start or the last reset, rejected and faulted ones included */
  requests: number;
  /** answered with the rate-limit response */
  rejected: number;
  /** answered 403 for a missing or wrong key */
  unauthorized: number;
  faulted: number;
  /** links currently stored */
  links: number;
  /** /api requests received and not answered yet (a held answer included): 0 once all have settled */
  answering: number;
}

const MAX_ENTRIES = 10_000; // keeps a long-running sandbox from growing without bound

export class RequestLog {
  entries: RequestLogEntry[] = [];
  counters = { requests: 0, rejected: 0, unauthorized: 0, faulted: 0 };

  record(entry: RequestLogEntry): void {
    this.counters.requests++;
    if (entry.rateLimited) this.counters.rejected++;
    if (entry.status === 403 && !entry.authorized) this.counters.unauthorized++;
    if (entry.fault) this.counters.faulted++;
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
  }

  reset(): void {
    this.entries = [];
    this.counters = { requests: 0, rejected: 0, unauthorized: 0, faulted: 0 };
  }
}

export function parseLoggedBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  }
}
