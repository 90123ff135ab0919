import type { DurationUnit } from '../util/duration.js';

/** The formats of -o, in the order help and errors list them. */
export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The process environment, or a test's stand-in for it. */
export type Env = Record<string, string | undefined>;

/** The global flags settings are resolved from (each also has an env variable or a config key). */
export interface SettingFlags {
  output?: string;
  profile?: string;
  baseUrl?: string;
  apiKey?: string;
  rateLimit?: string;
  rateStore?: string;
  timeout?: string;
  insecure?: boolean;
  debug?: boolean;
  /** false when --no-wait was given. */
  wait?: boolean;
  /** Set by `login`, which creates the profile it is given: it need not exist yet. */
  createsProfile?: boolean;
  /** Set by `mcp`: a rate-limit wait longer than this fails as --no-wait does (a call has a time limit). */
  maxWaitMs?: number;
}

export interface RateLimitSpec {
  limit: number;
  windowMs: number;
  /** The unit the window was written in (`30/1m`: m), to show it so again; else whole seconds or ms. */
  unit?: DurationUnit;
}

/** The rate limit of a run. */
export interface RateLimitSetting extends RateLimitSpec {
  /** Where an explicit cap came from (`--rate-limit`, `SHORTY_RATE_LIMIT`, the profile): it is
   * then a ceiling the server's X-RateLimit-Limit may lower, never raise. Absent for the
   * default, which the server's cap replaces up or down. */
  setBy?: string;
}

/** The settings of one run, resolved with precedence flag > env > profile > default. */
export interface Settings {
  profile: string;
  configDir: string;
  /** The config folder was chosen by SHORTY_CONFIG_DIR (a command to paste elsewhere must name it). */
  configDirFromEnv?: boolean;
  /** Without a trailing `/` or `/api`. */
  baseUrl?: string;
  apiKey?: string;
  /** The base URL saved beside the key in the profile, when the key came from the profile: the
   * only origin that key may be sent to (see requireApiKey). */
  keySavedFor?: string;
  rateLimit: RateLimitSetting;
  /** A Redis URL (may hold a password: show it only masked); unset: the local state file. */
  rateStore?: string;
  timeoutMs: number;
  /** An explicit choice (flag, env or config); undefined means: table on a TTY, tsv otherwise. */
  output?: OutputFormat;
  /** Default link domain for `urls add`. */
  domain?: string;
  insecure: boolean;
  debug: boolean;
  /** SHORTY_DEBUG=curl: every request is also logged as a curl command line. */
  curl?: boolean;
  /** false with --no-wait: a rate-limit wait becomes exit 4. */
  wait: boolean;
  /** A rate-limit wait longer than this becomes exit 4 as under --no-wait; undefined: any wait. */
  maxWaitMs?: number;
  /** Where the settings `shorty status` reports came from. */
  origins: {
    profile: SettingOrigin;
    baseUrl: SettingOrigin;
    apiKey: SettingOrigin;
    rateLimit: SettingOrigin;
  };
}

/** Where a setting came from: `via` names the flag, variable or profile key (absent for a default). */
export interface SettingOrigin {
  origin: 'flag' | 'environment' | 'profile' | 'default';
  via?: string;
  /** A profile's key kept in the OS keyring (`login --keyring`) rather than in the config file. */
  store?: 'keyring';
}
