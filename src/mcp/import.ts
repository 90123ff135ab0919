// Bulk import from a tool: a plan that sends nothing (the CLI's --dry-run), and a run with a
// journal under the config folder, so that the same call again resumes instead of creating the
// links twice. Both are the import operation (src/ops/import.ts), its results taken as data.
import { join } from 'node:path';
import { z } from './sdk.js';
import type { Context } from '../context.js';
import { budget } from '../api/rate-window.js';
import { EXIT, RateLimitError, ShortyError, UsageError } from '../errors.js';
import { LINK_COLUMNS } from '../input/link-columns.js';
import { count } from '../ops/each.js';
import { importLinks, importSource } from '../ops/import.js';
import { record } from './schemas.js';
import { tool, type ToolCall } from './tool.js';
import { TOOL_WORDS } from './words.js';

const input = {
  rows: z
    .array(record)
    .min(1)
    .optional()
    .describe(
      `the links, one object each, with the columns of \`shorty urls import\`: ${LINK_COLUMNS.join(', ')} (url required)`,
    ),
  file: z
    .string()
    .optional()
    .describe(
      'or: a CSV, NDJSON or URL-per-line file inside the folder the user gave the server (--files) to read instead',
    ),
  ifExists: z
    .enum(['skip', 'fail'])
    .optional()
    .describe('a taken custom alias: skip the row when it already leads to its URL, or fail it (default)'),
};

const output = {
  rows: z
    .array(record)
    .describe('one result per input row: its columns, then status (ok, error, invalid, skipped, valid)'),
  notes: z.array(z.string()).describe('the plan, the estimate and the summary, as the CLI says them'),
  exitCode: z.number().describe('0: every row ok or skipped; 1: some failed; 2: unusable input, nothing sent'),
};

type Args = { rows?: Record<string, unknown>[]; file?: string; ifExists?: 'skip' | 'fail'; journal?: string };

/** The rows as text: given inline, or a file read through the --files gate (never a path passed on). */
async function source(args: Args, call: ToolCall): Promise<string> {
  const given = importSource(args, TOOL_WORDS);
  if (given.text !== undefined) return given.text;
  if (!call.files) throw new UsageError('no file can be read: the server was started without --files', 'give rows');
  return call.files.read(args.file!);
}

/** The journal of a run: its name if given, else one from the input, so that the same call resumes. */
async function journalPath(ctx: Context, args: Args): Promise<string> {
  // node:crypto and node:fs/promises are loaded here, at the first run, not with the server:
  // they were ~15 and ~2.5 ms of its start.
  const [{ createHash }, { mkdir }] = await Promise.all([import('node:crypto'), import('node:fs/promises')]);
  const name =
    args.journal ??
    createHash('sha256')
      .update(JSON.stringify(args.rows ?? args.file))
      .digest('hex')
      .slice(0, 16);
  const dir = join((await ctx.settings()).configDir, 'journals');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return join(dir, `${name}.journal`);
}

async function runImportTool(ctx: Context, args: Args, dryRun: boolean, call: ToolCall) {
  const text = await source(args, call);
  const journal = dryRun ? undefined : await journalPath(ctx, args);
  const rows = call.countRows(args.rows?.length);
  try {
    // A run waits out the rate limit as an outage, for --max-wait at most: a call has a time limit,
    // and the same call again resumes from the journal.
    const maxOutageMs = (await ctx.settings()).maxWaitMs;
    const result = await importLinks(
      ctx,
      { text, dryRun, journal, ifExists: args.ifExists ?? 'fail', maxOutageMs },
      { words: TOOL_WORDS, tick: rows.tick },
    );
    return { ...result, ...(journal ? { journal } : {}) };
  } catch (err) {
    const stopped = call.stoppedBy() === 'time' || (err instanceof ShortyError && err.exitCode === EXIT.rateLimit);
    throw stopped ? await resumable(ctx, err, rows.done()) : err;
  }
}

/** A run stopped by the rate limit or its time: what the model needs to resume it, and when. */
async function resumable(ctx: Context, err: unknown, done: number): Promise<RateLimitError> {
  const settings = await ctx.settings();
  const { state, now } = await (await ctx.api()).rateBudget();
  const waitMs = Math.max(1000, budget(state, now, settings.rateLimit).nextInMs);
  const why = err instanceof ShortyError && err.exitCode === EXIT.rateLimit ? err.message : 'the call took --max-wait';
  return new RateLimitError(
    `${why}; ${count(done, 'row')} done`,
    `the rows sent are in the journal: call import_run again with the same rows (or journal) in ${Math.ceil(waitMs / 1000)} s to resume`,
    waitMs,
  );
}

const plan = tool({
  name: 'import_plan',
  title: 'Plan a bulk import',
  description:
    'Check many links for a bulk import and say what a run would do (each row valid or why not, and how long the ' +
    'rate limit makes it), sending nothing that changes the account. Run this before import_run.',
  effect: 'read',
  idempotent: true,
  input,
  output,
  paths: ['file'],
  run: (args, ctx, call) => runImportTool(ctx, args, true, call),
});

const run = tool({
  name: 'import_run',
  title: 'Run a bulk import',
  description:
    'Create many links at once, paced to the rate limit, with a journal in the config folder: the same call again ' +
    "(or with the same journal name) resumes and skips the rows already created. Returns each row's result.",
  effect: 'destructive',
  idempotent: true,
  input: {
    ...input,
    journal: z
      .string()
      .regex(/^[\w-]{1,64}$/, 'letters, digits, - and _ only')
      .optional()
      .describe('name of the journal to record into and resume from (default: one named after the input)'),
  },
  output: { ...output, journal: z.string().describe('the journal file of the run') },
  paths: ['file'],
  plan: (args) =>
    args.rows ? `create up to ${count(args.rows.length, 'link')}` : `create the links of the file ${args.file}`,
  run: (args, ctx, call) => runImportTool(ctx, args, false, call),
});

export const IMPORT_TOOLS = [plan, run];
