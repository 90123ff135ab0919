// What every client of the API stands on: the checked base URL and key, and one transport (with
// its limiter and socket pool). Opened once per run by the context, and closed at its end.
import { requireApiKey, requireBaseUrl } from '../settings/base-url.js';
import type { Settings } from '../settings/types.js';
import type { Secrets } from '../util/secrets.js';
import { createTransport, type Transport } from './http.js';
import type { LimiterHost } from './limiter.js';

export interface Connection {
  baseUrl: string;
  apiKey: string;
  transport: Transport;
}

export interface ConnectionDeps extends LimiterHost {
  settings: Settings;
  /** Aborted by Ctrl-C (or, for a bulk run's own client, by the run's own signal). */
  signal: AbortSignal;
  /** The run's secrets: the transport adds the key and proxy credentials, and hides them all. */
  secrets: Secrets;
}

/** Refuses a run without a usable base URL or key before anything is opened. */
export async function openConnection(deps: ConnectionDeps): Promise<Connection> {
  const baseUrl = requireBaseUrl(deps.settings);
  const apiKey = requireApiKey(deps.settings);
  const { createLimiter } = await import('./rate-limit.js');
  const limiter = await createLimiter(deps, deps.settings);
  const transport = await createTransport({ ...deps, limiter });
  return { baseUrl, apiKey, transport };
}
