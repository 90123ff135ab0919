// Redaction as the client uses it; the run's set of secrets is a leaf utility (util/secrets.ts).
import { createSecrets, REDACTED } from '../util/secrets.js';

/** A redact function for one secret (the key): the common case of tests and small callers. */
export function redactor(secret: string | undefined): (text: string) => string {
  const secrets = createSecrets();
  secrets.add(secret);
  return (text) => secrets.redact(text);
}

/**
 * Request lines (--debug, SHORTY_DEBUG=curl, error messages that name a legacy request) with the
 * passwords masked by their place, whatever their length: the `password` segment of a legacy
 * create path and the `password` key of a JSON body.
 */
export function maskRequestSecrets(text: string): string {
  return text
    .replace(/(\/shorturl\/create\/(?:[^/?#\s]+\/[^/?#\s]+\/)*?password\/)[^/?#\s]+/g, `$1${REDACTED}`)
    .replace(/("password"\s*:\s*)"(?:[^"\\]|\\.)*"/g, `$1"${REDACTED}"`);
}
