/** The fields `shorty cache refresh` prints: declared for --fields before the command runs. */
export const REFRESH_FIELDS = ['resource', 'names', 'requests'] as const;
