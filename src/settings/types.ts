/** The formats of -o, in the order help and errors list them. */
export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface RateLimitSpec {
  limit: number;
  windowMs: number;
}

/** The settings of one run, resolved with precedence flag > env > profile > default. */
export interface Settings {
  profile: string;
  configDir: string;
  /** Without a trailing `/` or `/api`. */
  baseUrl?: string;
  apiKey?: string;
  rateLimit: RateLimitSpec;
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
