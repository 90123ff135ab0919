// A create whose request went out and whose answer was lost or unusable (a reset, a timeout, a
// 5xx, a cut-off body): the server may well have made the link, so the error says so and how to
// look, before the link is added a second time.
import { outageFailure } from '../bulk/engine/pace/outage.js';
import { ApiError, ShortyError } from '../errors.js';
import type { LinkBody } from '../input/link-body.js';
import { CLI_WORDS, type Words } from './words.js';

/** Whether the request went out and its answer was lost or unusable: the server may well have made the link. */
const lostAfterSend = (err: unknown): err is ShortyError =>
  err instanceof ShortyError && outageFailure(err)?.maybeDone === true;

const mayExist = (look: string) => `the link may have been created all the same: ${look}; look before adding it again`;

/** How many of the newest links hold the lost one, unless more were made since; fewer than 5 is no saving. */
const newestToRead = (count: number) => Math.max(5, count);

const listNewest = (words: Words, count: number) =>
  `${words.op('urls', 'list', { options: { limit: newestToRead(count) } })} shows the newest links`;

/** The failure of one create (see above); other failures are returned as they are. */
export function maybeCreated(err: unknown, body: Pick<LinkBody, 'custom'>, words: Words = CLI_WORDS): unknown {
  if (!lostAfterSend(err)) return err;
  const look = body.custom ? `${words.op('urls', 'lookup', { item: body.custom })} shows it` : listNewest(words, 5);
  return new ShortyError(err.message, err.exitCode, mayExist(look));
}

/**
 * The same failure for one link of several: that link's own failure (exit 1 at the end, as any
 * link that failed), its message saying it may exist, while the links after it are still sent:
 * the server got this request, so the next one is a try of its own, and stopping would leave
 * them unmade and unreported. `newest`: the links made from this one on (itself included), which
 * the list must reach. Other failures are returned as they are (one never sent stops the run).
 */
export function maybeCreatedItem(err: unknown, newest: number, words: Words = CLI_WORDS): unknown {
  if (!lostAfterSend(err)) return err;
  return new ApiError(`${err.message}; ${mayExist(listNewest(words, newest))}`);
}
