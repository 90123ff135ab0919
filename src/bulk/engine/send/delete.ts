import { type ApiError, isItemFailure } from '../../../errors.js';
import { outageFailure } from '../pace/outage.js';
import type { SendStage } from './stage.js';

export type Deleted = { id: string; status: 'deleted' | 'gone' | 'failed'; message?: string };

/**
 * Deletes one link, waiting out outages; "does not exist" is done (deleted before, or by a try
 * whose answer was lost). Shared by `urls import --undo` and `urls sync --prune`.
 */
export async function deleteLink(stage: Pick<SendStage, 'api' | 'rider'>, id: string): Promise<Deleted> {
  let retried = false;
  for (;;) {
    try {
      await stage.api.call('DELETE', `/url/${encodeURIComponent(id)}/delete`);
      stage.rider.ok();
      return { id, status: 'deleted' };
    } catch (err) {
      const failure = outageFailure(err);
      if (failure) {
        retried ||= failure.maybeDone;
        await stage.rider.wait(err);
        continue;
      }
      // An HTML page or a body that is not the API's says nothing about the link (a wrong base URL).
      if (!isItemFailure(err)) throw err;
      stage.rider.ok();
      if (!isMissing(err)) return { id, status: 'failed', message: err.message };
      return retried ? { id, status: 'deleted' } : { id, status: 'gone', message: err.message };
    }
  }
}

/** The answer for an id the account has no link with ("Link does not exist."), or a 404. */
function isMissing(err: ApiError): boolean {
  return err.status === 404 || /does not exist|not found/i.test(err.message);
}
