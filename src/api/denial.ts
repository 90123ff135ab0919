// The server refused the request for who is asking (HTTP 401/403, or a message about the key):
// exit 3, with the hint that fits the server's reason. Shared by the modern and legacy clients.
import { AuthError, RefusalError } from '../errors.js';

export const KEY_HINT = 'check the key: `shorty login`, or SHORTY_API_KEY';

/**
 * The 403 messages of deployed servers that are not about the key: what each refuses (a value
 * for scripts, as `shorty status` reports it), and what to do about it.
 */
const REASONS: readonly (readonly [RegExp, string, string])[] = [
  [/API service is disabled/i, 'api_disabled', 'the API is disabled on this server: ask its administrator'],
  [/do not have the permission to use the API/i, 'no_api_access', 'your plan has no API access'],
  [/activate your account/i, 'account_inactive', 'activate the account (check your email)'],
  [
    /do not have permission to access this endpoint/i,
    'endpoint_not_allowed',
    'your plan does not include this feature',
  ],
];

/** A message that says why the account or server refuses the API (not a wrong key). */
export function isRefusalReason(message: string): boolean {
  return REASONS.some(([pattern]) => pattern.test(message));
}

/** `message`: the server's own text, already redacted (undefined when it sent none). */
export function denialError(message: string | undefined, status: number): AuthError {
  const reason = message === undefined ? undefined : REASONS.find(([pattern]) => pattern.test(message));
  if (message !== undefined && reason) return new RefusalError(reason[1], message, reason[2]);
  return new AuthError(`authentication failed: ${message ?? `HTTP ${status}`}`, KEY_HINT, message);
}
