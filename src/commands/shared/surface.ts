// The checks every command shares, run before its action (so before any request): exit 2 means
// nothing was sent. A command that prints records declares the fields they can have; --fields
// on any other command is refused rather than ignored.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseDelimiter } from '../../output/csv-dialect.js';
import { parseFieldList, unknownFields } from '../../output/fields.js';
import type { View } from '../../output/printer.js';
import { resolveOutputFormat } from '../../settings/resolve.js';
import { commandPath } from '../../help/command-path.js';

const DECLARED = new WeakMap<Command, readonly string[]>();
/** Commands whose records carry their input's columns too: --fields is checked once the input is read. */
const WITH_INPUT = new WeakSet<Command>();

/** Declares the fields of what `cmd` prints (a view's `fields` and `extraFields`, or a list). */
export function answers(cmd: Command, shape: View | readonly string[]): Command {
  const fields = 'columns' in shape ? [...(shape.fields ?? shape.columns), ...(shape.extraFields ?? [])] : shape;
  DECLARED.set(cmd, fields);
  return cmd;
}

/** Declares fields as `answers` does, plus the columns of the command's input, which it checks itself. */
export function answersWithInput(cmd: Command, fields: readonly string[]): Command {
  WITH_INPUT.add(cmd);
  return answers(cmd, fields);
}

/** A field is known when declared, when it is an object that holds declared paths, or a key inside a declared object. */
function known(field: string, declared: readonly string[]): boolean {
  return declared.some((d) => d === field || d.startsWith(`${field}.`) || field.startsWith(`${d}.`));
}

export function checkSurface(ctx: Context, cmd: Command): void {
  const { globals } = ctx;
  const opts = cmd.opts<{ xml?: boolean }>();
  // Read here for its validation (SHORTY_OUTPUT, a profile's `output`): the printer reads it again.
  resolveOutputFormat(ctx.globals, ctx.env, ctx.io.stderr);
  if (opts.xml && (globals.output !== undefined || globals.json)) {
    throw new UsageError("--xml and -o/--json can't be used together", 'choose one: --xml prints the body as received');
  }
  checkCsvFlags(ctx);
  const fields = parseFieldList(globals.fields);
  if (!fields) return;
  if (globals.quiet)
    throw new UsageError(
      "-q and --fields can't be used together",
      'drop -q to choose fields, or --fields to print one value per line',
    );
  if (WITH_INPUT.has(cmd)) return;
  const declared = DECLARED.get(cmd);
  const name = commandPath(cmd);
  if (!declared) throw new UsageError(`"${name}" prints no fields to choose from`, 'drop --fields');
  const unknown = fields.filter((f) => !known(f, declared));
  if (unknown.length > 0) throw unknownFields(unknown, declared);
}

/** --excel is a form of csv, and --delimiter names one of the four: both checked before any request. */
function checkCsvFlags(ctx: Context): void {
  const { globals } = ctx;
  if (globals.delimiter !== undefined) parseDelimiter(globals.delimiter);
  const output = globals.json ? 'json' : globals.output;
  if (globals.excel && output !== undefined && output !== 'csv') {
    throw new UsageError(`--excel writes csv, not ${output}`, 'leave out -o (or use -o csv) with --excel');
  }
}
