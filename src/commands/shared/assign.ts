import type { Context } from '../../context.js';
import type { Row } from '../../output/printer.js';
import { forEachItem } from './each.js';

export interface AssignPlan {
  /** The items' kind, singular: `link`, `QR code`. */
  noun: string;
  /** Where they go, for the summary: `to campaign 4`. */
  where: string;
  ids: number[];
  path: (id: number) => string;
}

/** One POST per item, each with its result (`✓ added 9`, `✗ 10: Link does not exist.`), then a summary. */
export async function assignEach(ctx: Context, plan: AssignPlan): Promise<void> {
  const api = await ctx.api();
  await forEachItem(ctx, { ...plan, work: 'add', done: 'added', send: (id) => api.call<Row>('POST', plan.path(id)) });
}
