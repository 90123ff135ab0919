import type { Context } from '../../context.js';
import { EXIT, UsageError } from '../../errors.js';
import { parseId } from '../../input/validate.js';
import { canPrompt } from '../../io.js';
import type { Row } from '../../output/printer.js';
import { distinct, forEachItem } from './each.js';

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
export async function deleteMany(ctx: Context, req: DeleteRequest): Promise<number | void> {
  const ids = distinct(req.resolve ? await req.resolve(req.ids) : req.ids.map((id) => parseId(id, `${req.noun} id`)));
  if (!(await confirmed(ctx, req.noun, ids))) {
    ctx.io.stderr.write('nothing deleted\n');
    return EXIT.api;
  }
  const api = await ctx.api();
  await forEachItem(ctx, {
    ids,
    noun: req.noun,
    work: 'delete',
    done: 'deleted',
    send: (id) => api.call<Row>('DELETE', req.path(id)),
  });
}

/** Without -y a deletion needs a terminal to ask on; checked before any request (a lookup included). */
export function checkConsentPossible(ctx: Context): void {
  if (!ctx.globals.yes && !canPrompt(ctx.io)) {
    throw new UsageError('refusing to delete without confirmation: pass -y/--yes when not running interactively');
  }
}

async function confirmed(ctx: Context, noun: string, ids: number[]): Promise<boolean> {
  if (ctx.globals.yes) return true;
  checkConsentPossible(ctx);
  const prompter = await ctx.prompter();
  const what = ids.length === 1 ? `${noun} ${ids[0]}` : `${ids.length} ${noun}s (${ids.join(', ')})`;
  return prompter.confirm(`Delete ${what}? This cannot be undone.`, false);
}
