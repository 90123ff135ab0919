import type { IO } from './io.js';
import type { Settings } from './settings/types.js';
import type { ModernApi } from './api/modern.js';
import type { LegacyApi } from './api/legacy.js';
import type { Printer } from './output/printer.js';
import type { Prompter } from './prompter.js';
import { createSecrets, type Secrets } from './api/redact.js';

/** Global flags, accepted before or after the subcommand (see cli-contract "Global flags"). */
export interface GlobalOptions {
  output?: string;
  json?: boolean;
  fields?: string;
  quiet?: boolean;
  /** commander's negation of --no-color: false when --no-color was given. */
  color?: boolean;
  debug?: boolean;
  yes?: boolean;
  /** false when --no-wait was given. */
  wait?: boolean;
  profile?: string;
  baseUrl?: string;
  apiKey?: string;
  rateLimit?: string;
  rateStore?: string;
  timeout?: string;
  insecure?: boolean;
  /** --excel-safe: csv/tsv cells that a spreadsheet would run as a formula get a leading `'`. */
  excelSafe?: boolean;
}

/** What the host gives a run of the CLI: streams, environment, clock, and the Ctrl-C signal. */
export interface Host {
  io: IO;
  env: Record<string, string | undefined>;
  now(): number;
  /** Resolves after ms; rejects with CancelError when signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Aborted on SIGINT/SIGTERM. */
  signal: AbortSignal;
}

/**
 * Everything a command works with. The services are lazy and memoised: `shorty --help` reads no
 * config and opens no socket, and a command that never calls api() never loads undici.
 */
export interface Context extends Host {
  globals: GlobalOptions;
  /** Set by a command that finished but must exit non-zero (e.g. some import rows failed). */
  exitCode?: number;
  /** The run's secrets (key, proxy credentials, passwords given): every writer hides them. */
  secrets: Secrets;
  /** Registers cleanup (sockets, files) that main() runs once the command is done. */
  onClose(fn: () => Promise<void> | void): void;
  /** Runs the registered cleanups; main() calls it. */
  close(): Promise<void>;
  settings(): Promise<Settings>;
  api(): Promise<ModernApi>;
  legacy(): Promise<LegacyApi>;
  printer(): Promise<Printer>;
  prompter(): Promise<Prompter>;
}

function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

export function createContext(host: Host, globals: GlobalOptions = {}): Context {
  const cleanups: (() => Promise<void> | void)[] = [];
  const ctx: Context = {
    ...host,
    globals,
    secrets: createSecrets(),
    onClose: (fn) => void cleanups.push(fn),
    close: async () => {
      for (const fn of cleanups.splice(0).reverse()) {
        try {
          await fn();
        } catch {
          // cleanup is best effort: the command's result is already decided
        }
      }
    },
    settings: memo(async () => (await import('./settings/resolve.js')).resolveSettings(ctx)),
    api: memo(async () => (await import('./api/modern.js')).createModernApi(ctx)),
    legacy: memo(async () => (await import('./api/legacy.js')).createLegacyApi(ctx)),
    printer: memo(async () => (await import('./output/printer.js')).createPrinter(ctx)),
    prompter: memo(async () => (await import('./prompter.js')).createPrompter(ctx)),
  };
  return ctx;
}

/** The longest delay a Node timer holds (~24.8 days): past it, setTimeout fires at once and warns. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A sleep that honours the abort signal, for the real host. A longer delay than one timer holds
 * is slept in pieces, so no wait, however it was computed, turns into a busy loop.
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let left = Number.isNaN(ms) ? 0 : Math.max(0, ms);
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const step = Math.min(left, MAX_TIMER_MS);
      left -= step;
      timer = setTimeout(left > 0 ? arm : done, step);
    };
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    arm();
  });
}
