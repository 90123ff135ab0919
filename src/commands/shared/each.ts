// One request per item (every `delete`, `assign` with several items): each item gets its own
// result, named by its id, and the run ends with a summary. An item the server refuses does not
// stop the others; anything else (auth, network, rate limit, an answer that is not the API's)
// stops the run, since the next item would meet it too.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { count as countOf, distinct, eachOutcome, type ItemOutcome } from '../../ops/each.js';
import { colorEnabled } from '../../io.js';
import { keysInOrder } from '../../output/fields.js';
import type { Row, View } from '../../output/printer.js';
import { writeText } from '../../output/sink.js';
import { forTerminal } from '../../util/terminal-text.js';
import { withinMessageSize } from '../../util/message-size.js';
import { notes } from './action.js';
import { answers } from './surface.js';

/** What each item's record holds, in every format: `--fields` chooses among these. */
const RESULT_FIELDS = ['id', 'status', 'message'] as const;

const RESULT_VIEW: View = { columns: [...RESULT_FIELDS], fields: RESULT_FIELDS };

/** Declares what a command that works item by item (every `delete`, `assign`) prints, and says it in its help. */
export function eachAnswers(cmd: Command): Command {
  return notes(
    answers(cmd, RESULT_VIEW),
    `Fields of a result: ${RESULT_FIELDS.join(', ')} (status: the work done, or failed); one per item.`,
  );
}

export interface EachRequest {
  ids: number[];
  /** The item, singular (`link`, `QR code`): `deleted 2 of 3 links`. */
  noun: string;
  /** The work, and its past tense (the `status` of an item it succeeded on): `delete`, `deleted`. */
  work: string;
  done: string;
  /** What the summary adds after the count: `to campaign 4`. */
  where?: string;
  /** One request an id; or `outcomes`, the operation's own (a deletion). */
  send?(id: number): Promise<Row>;
  outcomes?: AsyncIterable<ItemOutcome<number>>;
}

interface ItemResult extends Row {
  status: string;
  /** The server's message; null when it sent none. */
  message: string | null;
}

/**
 * Any work done item by item, of which forEachItem (ids) is the common case and `urls add URL...`
 * (long URLs, each becoming a link) another.
 */
export interface EachWork<T> {
  items: readonly T[];
  noun: string;
  work: string;
  done: string;
  where?: string;
  /** The records' fields (status and message among them) and the one -q prints. */
  view: View & { fields: readonly string[] };
  /** Each item's outcome as the operation yields it, in order. */
  outcomes: AsyncIterable<ItemOutcome<T>>;
  /** The record of an item done (without status), message included when the server said one. */
  shown(answer: Row, item: T): Row;
  /** The record of an item that failed, without status and message. */
  failed(item: T): Row;
  /** The item in a line and in the error line: its id, its long URL. */
  label(item: T): string;
  /** What follows the mark on an item's line when it was done: `deleted 4`. */
  doneLine(record: Row): string;
}

/**
 * Sends `send(id)` for each id in order and prints each result as it comes: a `✓ deleted 4` or
 * `✗ 5: Link does not exist.` line in a table, a record `{id, status, message}` in json, ndjson,
 * csv and tsv, the ids done with -q. The summary (`deleted 2 of 3 links`) goes to stderr; when any
 * item failed it is the run's error line, and the exit code 1.
 */
export async function forEachItem(ctx: Context, req: EachRequest): Promise<void> {
  await eachItem(ctx, {
    ...req,
    items: distinct(req.ids),
    view: { ...RESULT_VIEW, fields: RESULT_FIELDS, quiet: 'id' },
    outcomes: req.outcomes ?? eachOutcome(distinct(req.ids), req.send!),
    shown: (answer, id) => ({ id, message: typeof answer.message === 'string' ? answer.message : null }),
    failed: (id) => ({ id }),
    label: String,
    doneLine: (record) => `${req.done} ${record.id}`,
  });
}

/** forEachItem for any kind of item (see EachWork): the same lines, records, summary and exit code. */
export async function eachItem<T>(ctx: Context, req: EachWork<T>): Promise<void> {
  const printer = await ctx.printer();
  const { items } = req;
  const failed: { label: string; message: string }[] = [];
  const record = (fields: Row) => keysInOrder(fields, req.view.fields) as ItemResult;
  async function* results(): AsyncGenerator<{ item: T; result: ItemResult }> {
    for await (const outcome of req.outcomes) {
      const { item } = outcome;
      if (outcome.ok) {
        const done = req.shown(outcome.answer, item);
        yield { item, result: record({ ...done, status: req.done, message: done.message ?? null }) };
      } else {
        failed.push({ label: req.label(item), message: outcome.error.message });
        yield { item, result: record({ ...req.failed(item), status: 'failed', message: outcome.error.message }) };
      }
    }
  }
  if (printer.format === 'table' && !printer.quiet) {
    const mark = await marks(ctx);
    for await (const { item, result } of results()) {
      // The server's message is shown as text: its controls made visible, the run's secrets hidden.
      const line =
        result.status === 'failed'
          ? `${mark.failed} ${forTerminal(req.label(item))}: ${forTerminal(withinMessageSize(ctx.secrets.redact(result.message ?? '')))}`
          : `${mark.done} ${forTerminal(req.doneLine(result))}`;
      await writeText(ctx.io.stdout, `${line}\n`);
    }
  } else {
    await printer.list(onlyDone(results(), printer.quiet), req.view);
  }
  const where = req.where ? ` ${req.where}` : '';
  const count = items.length;
  const summary = `${req.done} ${count - failed.length} of ${countOf(count, req.noun)}${where}`;
  if (failed.length === 0) {
    if (count > 1) await printer.note(summary);
    return;
  }
  // The run's error line: the server's reason for one item; the summary and each reason for several.
  if (count === 1)
    throw new ApiError(`could not ${req.work} ${req.noun} ${failed[0].label}${where}: ${failed[0].message}`);
  throw new ApiError(`${summary}; failed: ${failed.map((f) => `${f.label} (${f.message})`).join(', ')}`);
}

/** -q prints the items the work was done on: a failed item's id would read as done. */
async function* onlyDone<T>(
  results: AsyncIterable<{ item: T; result: ItemResult }>,
  quiet: boolean,
): AsyncGenerator<ItemResult> {
  for await (const { result } of results) if (!quiet || result.status !== 'failed') yield result;
}

/** ✓ and ✗, green and red when colours are on. */
async function marks(ctx: Context): Promise<{ done: string; failed: string }> {
  if (!colorEnabled(ctx.io, ctx.env, ctx.globals.color)) return { done: '✓', failed: '✗' };
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return { done: chalk.green('✓'), failed: chalk.red('✗') };
}
