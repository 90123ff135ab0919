import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { Row } from '../../output/printer.js';
import { forEachItem, RESULT_HELP, RESULT_VIEW } from './each.js';
import { answers } from './surface.js';

export interface AssignPlan {
  /** The items' kind, singular: `link`, `QR code`. */
  noun: string;
  /** Where they go, for the summary: `to campaign 4`. */
  where: string;
  ids: number[];
  path: (id: number) => string;
}

/** Declares what every `assign` prints: one record per item (`id`, `status`, `message`). */
export function assignAnswers(cmd: Command): Command {
  return answers(cmd, RESULT_VIEW).addHelpText('after', RESULT_HELP);
}

/** One POST per item, each with its result (`✓ added 9`, `✗ 10: Link does not exist.`), then a summary. */
export async function assignEach(ctx: Context, plan: AssignPlan): Promise<void> {
  const api = await ctx.api();
  await forEachItem(ctx, { ...plan, work: 'add', done: 'added', send: (id) => api.call<Row>('POST', plan.path(id)) });
}
