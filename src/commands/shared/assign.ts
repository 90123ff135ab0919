import type { Context } from '../../context.js';
import type { Assignment } from '../../ops/assign.js';
import { forEachItem } from './each.js';

export interface AssignPlan extends Assignment {
  /** The items' kind, singular: `link`, `QR code`. */
  noun: string;
  /** Where they go, for the summary: `to campaign 4`. */
  where: string;
}

/** One POST per item, each with its result (`✓ added 9`, `✗ 10: Link does not exist.`), then a summary. */
export async function assignEach(ctx: Context, plan: AssignPlan): Promise<void> {
  await forEachItem(ctx, { ...plan, work: 'add', done: 'added' });
}
