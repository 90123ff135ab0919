import type { Context } from '../../context.js';
import { DELETION, obtainConsent } from '../../consent.js';
import { parseId } from '../../input/validate.js';
import { deleteEach, distinct } from '../../ops/each.js';
import { forEachItem } from './each.js';

export interface DeleteRequest {
  ids: string[];
  /** What is deleted, for prompts and errors: `link`, `domain`... */
  noun: string;
  path: (id: number) => string;
  /** Turns the arguments into ids (e.g. links named by alias, looked up); default: each must be an id. */
  resolve?: (args: string[]) => Promise<number[]>;
}

/**
 * Deletes each id after one confirmation. Every id is checked, and consent obtained, before the
 * first request. An id the server refuses does not stop the others: each id gets its result
 * (`✓ deleted 4`, `✗ 5: Link does not exist.`), then a summary; any failure makes the exit code 1.
 */
export async function deleteMany(ctx: Context, req: DeleteRequest): Promise<void> {
  const ids = distinct(req.resolve ? await req.resolve(req.ids) : req.ids.map((id) => parseId(id, `${req.noun} id`)));
  const what = ids.length === 1 ? `${req.noun} ${ids[0]}` : `${ids.length} ${req.noun}s (${ids.join(', ')})`;
  await obtainConsent(ctx, DELETION, `Delete ${what}? This cannot be undone.`);
  await forEachItem(ctx, {
    ids,
    noun: req.noun,
    work: 'delete',
    done: 'deleted',
    outcomes: deleteEach(await ctx.api(), ids, req.path),
  });
}
