// The server refused the request for who is asking (HTTP 401/403, or a message about the key):
// exit 3, with the hint that fits the server's reason. Shared by the modern and legacy clients.
import { AuthError } from '../errors.js';

export const KEY_HINT = 'check the key: `shorty login`, or SHORTY_API_KEY';

/** The 403 messages of deployed servers that are not about the key, and what to do about each. */
const REASONS: readonly (readonly [RegExp, string])[] = [
  [/API service is disabled/i, 'the API is disabled on this server: ask its administrator'],
  [/do not have the permission to use the API/i, 'your plan has no API access'],
  [/activate your account/i, 'activate the account (check your email)'],
  [/do not have permission to access this endpoint/i, 'your plan does not include this feature'],
];

/** A message that says why the account or server refuses the API (not a wrong key). */
export function isRefusalReason(message: string): boolean {
  return REASONS.some(([pattern]) => pattern.test(message));
}

/** `message`: the server's own text, already redacted (undefined when it sent none). */
export function denialError(message: string | undefined, status: number): AuthError {
  const reason = message === undefined ? undefined : REASONS.find(([pattern]) => pattern.test(message));
  if (reason) return new AuthError(`the server refused the request: ${message}`, reason[1]);
  return new AuthError(`authentication failed: ${message ?? `HTTP ${status}`}`, KEY_HINT);
}
