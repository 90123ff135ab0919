import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { parseId } from '../../input/validate.js';
import { canPrompt } from '../../io.js';
import { withoutError } from '../../output/fields.js';
import type { Row } from '../../output/printer.js';

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
 * first request. An id the server refuses does not stop the others; the run then exits 1 naming it.
 */
export async function deleteMany(ctx: Context, req: DeleteRequest): Promise<number | void> {
  const ids = req.resolve ? await req.resolve(req.ids) : req.ids.map((id) => parseId(id, `${req.noun} id`));
  if (!(await confirmed(ctx, req.noun, ids))) {
    ctx.io.stderr.write('nothing deleted\n');
    return 1;
  }
  const [api, printer] = await Promise.all([ctx.api(), ctx.printer()]);
  const failures: string[] = [];
  async function* deleted(): AsyncGenerator<Row> {
    for (const id of ids) {
      try {
        yield { id, ...withoutError(await api.call<Row>('DELETE', req.path(id))) };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        failures.push(`${id} (${err.message})`);
      }
    }
  }
  const several = ids.length > 1 && !printer.quiet && (printer.format === 'json' || printer.format === 'ndjson');
  if (several) {
    // Several responses in json form one valid document: an array of {id, message}.
    await printer.list(deleted(), { columns: ['id', 'message'] });
  } else {
    for await (const response of deleted()) {
      const { id: _id, ...rest } = response;
      await printer.message(ids.length > 1 ? response : rest);
    }
  }
  if (failures.length > 0) throw new ApiError(failureMessage(req.noun, ids.length, failures));
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

function failureMessage(noun: string, count: number, failures: string[]): string {
  if (count === 1) return `could not delete ${noun} ${failures[0]}`;
  return `could not delete ${failures.length} of ${count} ${noun}s: ${failures.join(', ')}`;
}
