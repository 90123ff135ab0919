import { outageFailure } from '../../bulk/engine/pace/outage.js';
import { ShortyError } from '../../errors.js';
import type { LinkBody } from '../../input/link-body.js';

/**
 * The failure of a create whose request went out and whose answer was lost or unusable (a reset,
 * a timeout, a 5xx, a cut-off body): the server may well have made the link, so the error says
 * so and how to look, before the user adds it a second time. Other failures are returned as they are.
 */
export function maybeCreated(err: unknown, body: Pick<LinkBody, 'custom'>): unknown {
  if (!(err instanceof ShortyError) || !outageFailure(err)?.maybeDone) return err;
  const look = body.custom
    ? `\`shorty urls lookup ${shellWord(body.custom)}\` shows it`
    : '`shorty urls list --limit 5` shows the newest links';
  return new ShortyError(
    err.message,
    err.exitCode,
    `the link may have been created all the same: ${look}; look before adding it again`,
  );
}

const shellWord = (text: string) => (/^[\w.@%+=:,/-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
