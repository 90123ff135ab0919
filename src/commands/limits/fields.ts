/** The fields of `limits` for scripts: caps as --rate-limit takes them, times in whole milliseconds. */
export const LIMITS_FIELDS = [
  'base_url',
  'rate_limit',
  'source',
  'used',
  'remaining',
  'next_in_ms',
  'resets_in_ms',
  'configured',
  'configured_by',
  'server',
] as const;
