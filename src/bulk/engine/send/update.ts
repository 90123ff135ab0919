import { isItemFailure } from '../../../errors.js';
import type { LinkBody } from '../../../input/link-body.js';
import type { SendStage } from './stage.js';

export type Updated = { status: 'updated' } | { status: 'failed'; message: string };

/**
 * Updates one link (PUT /url/:id/update), waiting out outages. An update sends the same fields
 * whatever came of an earlier try, so a try whose answer was lost is simply sent again. An API
 * error belongs to the link (reported, the run goes on); anything else stops the run.
 */
export async function updateLink(
  stage: Pick<SendStage, 'api' | 'rider'>,
  id: string,
  body: LinkBody,
): Promise<Updated> {
  try {
    await stage.rider.retry(() => stage.api.call('PUT', `/url/${encodeURIComponent(id)}/update`, { body }));
    return { status: 'updated' };
  } catch (err) {
    if (!isItemFailure(err)) throw err;
    stage.rider.ok();
    return { status: 'failed', message: err.message };
  }
}
