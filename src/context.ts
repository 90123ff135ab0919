// What a command sees of the run: interfaces only. The real services are wired in factory.ts,
// which only cli.ts imports; tests wire their own.
import type { LegacyApi } from './api/legacy.js';
import type { ModernApi } from './api/modern.js';
import type { IO } from './io.js';
import type { Printer } from './output/printer.js';
import type { Prompter } from './prompter.js';
import type { Env, SettingFlags, Settings } from './settings/types.js';
import type { Secrets } from './util/secrets.js';
import type { Clock } from './util/sleep.js';

/** Global flags, accepted before or after the subcommand (`shorty help flags`). */
export interface GlobalOptions extends SettingFlags {
  json?: boolean;
  fields?: string;
  quiet?: boolean;
  /** commander's negation of --no-color: false when --no-color was given. */
  color?: boolean;
  yes?: boolean;
  /** --excel-safe: csv/tsv cells that a spreadsheet would run as a formula get a leading `'`. */
  excelSafe?: boolean;
  /** --excel: csv as Excel opens it on any locale (output/csv-dialect.ts). */
  excel?: boolean;
  /** --bom: csv/tsv start with a UTF-8 byte order mark. */
  bom?: boolean;
  /** --delimiter: the csv field delimiter written; import and sync read their input with it too. */
  delimiter?: string;
  /** commander's negation of --no-headers: false when it was given. */
  headers?: boolean;
}

/** What the host gives a run of the CLI: streams, environment, clock, and the Ctrl-C signal. */
export interface Host extends Clock {
  io: IO;
  env: Env;
  /** Aborted on SIGINT/SIGTERM. */
  signal: AbortSignal;
  /** The run's secrets, when the host hides them from more than shorty's writers (entry.ts). */
  secrets?: Secrets;
}

/**
 * Everything a command works with. The services are lazy and memoised: `shorty --help` reads no
 * config and opens no socket, and a command that never calls api() never loads the HTTP client.
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
  /**
   * A client of its own (its own limiter and sockets) whose requests listen to `signal` instead
   * of Ctrl-C and whose waits use `sleep`: for a bulk run that lets the requests on the wire finish.
   */
  apiOn(run: { signal: AbortSignal; sleep: Clock['sleep'] }): Promise<ModernApi>;
  /**
   * A client of its own for the settings the run's flags give with `flags` over them: for a
   * command that tries values before it saves them (login). The run's settings stay as they are.
   */
  apiWith(flags: SettingFlags): Promise<ModernApi>;
  legacy(): Promise<LegacyApi>;
  printer(): Promise<Printer>;
  prompter(): Promise<Prompter>;
}
