export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv' | 'tsv';

export interface RateLimitSpec {
  limit: number;
  windowMs: number;
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
  /** Without a trailing `/` or `/api`. */
  baseUrl?: string;
  apiKey?: string;
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
  /** false with --no-wait: a rate-limit wait becomes exit 4. */
  wait: boolean;
}
