/** The fields `shorty status` prints: declared for --fields before the command runs. */
export const STATUS_FIELDS = [
  'profile',
  'profile_source',
  'config_file',
  'base_url',
  'base_url_source',
  'api_key',
  'api_key_source',
  'rate_limit',
  'rate_limit_source',
  'key_check',
  'key_check_message',
  'account',
  'name_cache_names',
  'name_cache_bytes',
  'name_cache_updated',
] as const;
