import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { acceptedColumnsHelp, INFORMATIONAL_COLUMNS, parseColumnMap } from '../../input/link-columns.js';
import { UsageError } from '../../errors.js';
import { parseDuration } from '../../input/duration.js';
import { parseChoice } from '../../input/validate.js';
import { action, examples, notes } from '../shared/action.js';
import { addInputOptions, commandLine, inputOptions, type InputFlags } from './bulk-options.js';
import { answersWithInput } from '../shared/surface.js';
import { RESULT_COLUMNS } from '../../bulk/engine/check/result-fields.js';

interface ImportFlags extends InputFlags {
  dryRun?: boolean;
  journal?: string;
  failedOut?: string;
  ifExists: string;
  maxOutage: string;
  undo?: string;
  includeAdopted?: boolean;
}

/** What run() takes: the argument and flags as the parser fills them. @public */
export interface ImportOptions extends ImportFlags {
  /** The `[file]` argument: a path, or - (or nothing) for stdin. */
  file?: string;
  /** The command line as given, recorded in the journal. */
  argv?: string[];
}

/** --undo works from the journal alone: an input or the import's own files would be ignored, so they are refused. */
function checkUndoAlone(file: string | undefined, flags: ImportFlags): void {
  const other = [
    file !== undefined && 'an input file',
    flags.dryRun && '--dry-run',
    flags.journal !== undefined && '--journal',
    flags.failedOut !== undefined && '--failed-out',
    flags.map !== undefined && '--map',
    flags.format !== undefined && '--format',
  ].find(Boolean);
  if (other)
    throw new UsageError(
      `--undo works from the journal alone: leave out ${other}`,
      'shorty urls import --undo JOURNAL [-y] [--include-adopted] [--max-outage DURATION]',
    );
}

/** The notes of `urls import --help`: one topic per line. */
function importNotes(): string {
  return [
    'Input: what shorty prints (urls get, list, export and import results in json, ndjson, csv or tsv, ' +
      'objects included), CSV from spreadsheets, or lines. CSV input: a header row, fields separated by , ; tab ' +
      'or | (detected, or the global --delimiter, or a first line sep=; as Excel writes), UTF-8 with or without a ' +
      'byte order mark, UTF-16 with one (Excel\'s "Unicode text"), or --encoding. Columns, by link field ' +
      'and the other names read as it (case, spaces, - and _ do not matter; --map for any other):',
    acceptedColumnsHelp(),
    'url is required. Values: pixels are ids separated by ; (1;2); geotarget, devicetarget and ' +
      'languagetarget KEY=URL;KEY=URL; deeplink JSON ({"apple":"https://..."}); parameters ' +
      'name=value;...; expiry 2027-01-31 (through that day), "yyyy-mm-dd hh:mm[:ss]", ISO 8601, or a ' +
      'day as spreadsheets write it (31.01.2027, Jan 31 2027, 2027/01/31; not 01/02/2027, which reads two ways), local ' +
      'time unless it has an offset (as --expiry on `urls add`), a past date kept as written, a span ' +
      'such as +30d refused (a row names the same link on every run). The columns `urls export` and import results add ' +
      `(${INFORMATIONAL_COLUMNS.join(', ')}) are ignored; any other column is named in one warning and passed through to the results.`,
    'Lines input: one URL per line; a line with a space, tab or ; is invalid (not one URL).',
    `Results (csv unless -o json|ndjson|tsv) stream to stdout in input order: the input columns plus ${RESULT_COLUMNS.join(', ')}: ` +
      'status is ok, error, invalid, skipped (valid in a dry run); alias, shorturl and longurl name the link ' +
      'as every urls command does; -q prints the short URLs (the long URLs in a dry run). --fields chooses among ' +
      "those and the input's columns, named as the input names them or by the link field they hold (url, title, " +
      'custom...).',
    'Rows are checked once, the same way by import, --dry-run and urls sync: a row with the alias of an ' +
      'earlier row is invalid, naming that row.',
    "--if-exists skip skips only the same link: a row whose alias exists and leads to the row's long URL is " +
      'skipped; one whose alias leads elsewhere is an error (conflict: "spring" points at https://...), exit 1; ' +
      'finding out costs one lookup request per taken alias. ' +
      'With --dry-run each alias is looked up (one request per row with an alias, stated before the first), ' +
      'so the dry run reports the same.',
    'Results and --failed-out for a spreadsheet: --excel writes UTF-16 with a byte order mark, tab-separated, ' +
      'which Excel opens into columns on any locale (shorty help formats says why); without it --failed-out ' +
      'keeps the form of its input (a windows-1252 ; CRLF file gives a windows-1252 ; CRLF file), with a row ' +
      "column (the row's place in the input, as the results name it) and an error column.",
    '--journal FILE is locked while the import runs (FILE.lock beside the real file, and a lock of the ' +
      "file's identity in the config folder, whatever symlink or hard link names it): a second run on it is refused.",
    'Outages (connection refused, reset or timed out, DNS failures, 5xx and HTML error pages) are ' +
      'waited out, trying again with growing pauses, for up to --max-outage; a create whose answer was ' +
      'lost is looked up on the server before it is sent again, so no row makes two links. A link so found ' +
      'was made while the row was sent (between its first send and the end of its last try, give or take ' +
      "the clock tolerance) but not seen made, so it may be a colleague's: it is journaled as adopted and " +
      'counted apart in the summary.',
    '--undo JOURNAL deletes the links that the runs recorded in JOURNAL created, one per line on ' +
      'stdout (✓ deleted ID, ✗ ID: why); asks first on a terminal, needs -y otherwise. It reads the ' +
      'account first and deletes a link only while its id still has the short URL the journal recorded. ' +
      'Adopted links are left (and named) unless --include-adopted, which lists their ids before it asks.',
    'A journal names the server and a fingerprint of the key it was written with (never the key): ' +
      'resuming or undoing it with another one is refused (exit 2). A journal written by an older ' +
      'shorty is used with the server and key in force only when confirmed (-y, or a question on a terminal).',
    'Exit status: 0 when every row is ok or skipped, 1 otherwise (or when stdout closed before every ' +
      'row was sent), 2 for unusable input (nothing sent), 130 when interrupted (143: SIGTERM, 129: ' +
      'SIGHUP, 131: SIGQUIT; each ends the run as Ctrl-C does).',
  ].join('\n');
}

/** `shorty urls import [FILE|-]`; the work lives in src/bulk, loaded only when it runs. */
export function register(group: Command, ctx: Context): void {
  const cmd = addInputOptions(
    group
      .command('import [file]')
      .description('shorten many links from a CSV file, a list of URLs or NDJSON (FILE or - for stdin)'),
  )
    .option('--dry-run', 'validate every row and send nothing; print the expected duration')
    .option('--journal <file>', 'record finished rows in FILE; a rerun with the same FILE skips rows already created')
    .option(
      '--failed-out <file>',
      "write failed and invalid rows to FILE as CSV in the input's encoding and delimiter (or --excel's), to fix and import again",
    )
    .option(
      '--if-exists <skip|fail>',
      'what a taken custom alias does: skip the row when the alias already leads to its URL (another URL is a conflict), or fail it',
      'fail',
    )
    .option(
      '--undo <journal>',
      'delete the links the import runs recorded in JOURNAL created (never rows skipped as existing); resumable',
    )
    .option(
      '--include-adopted',
      'with --undo: delete the adopted links too (found after a lost answer, perhaps made by someone else); lists them first',
    )
    .option(
      '--max-outage <duration>',
      'how long to keep waiting out a service that fails (refused, reset, timed out, 5xx) before stopping: 90s, 30m, 2h',
      '1h',
    )
    .action(
      action(ctx, (file: string | undefined, flags: ImportFlags, command: Command) =>
        run({ ...flags, file, argv: commandLine(command) }, ctx),
      ),
    );
  // A result row: the input's columns, then the outcome; --fields is checked once the input's header is read.
  answersWithInput(cmd, RESULT_COLUMNS);
  notes(cmd, importNotes);
  examples(
    cmd,
    'shorty urls import links.csv --dry-run',
    'shorty urls import links.csv --journal j.log --failed-out bad.csv > out.csv',
    'shorty urls import export.csv --encoding windows-1252 --map "Ziel=url"',
    'cat urls.txt | shorty urls import - -o ndjson',
    'shorty urls import failed.csv --journal links.journal --if-exists skip',
    'shorty urls import links.csv --journal links.journal --max-outage 3h',
    'shorty urls import --undo links.journal -y',
  );
}

/** @public the verb's seam: parsed options and a context, no parser; resolves to the exit code. */
export async function run({ file, argv, ...flags }: ImportOptions, ctx: Context): Promise<number> {
  const ifExists = parseChoice(flags.ifExists, ['skip', 'fail'] as const, '--if-exists');
  const map = parseColumnMap(flags.map ?? []);
  const maxOutageMs = parseDuration(flags.maxOutage, '--max-outage');
  if (flags.undo !== undefined) {
    checkUndoAlone(file, flags);
    const { runUndo } = await import('../../bulk/undo/run.js');
    return runUndo(ctx, {
      journal: flags.undo,
      maxOutageMs,
      includeAdopted: Boolean(flags.includeAdopted),
      argv,
    });
  }
  if (flags.includeAdopted)
    throw new UsageError(
      '--include-adopted goes with --undo JOURNAL',
      'shorty urls import --undo JOURNAL --include-adopted',
    );
  const [{ runImport }, input] = await Promise.all([
    import('../../bulk/import/run.js'),
    inputOptions(flags, map, ctx.globals.delimiter),
  ]);
  return runImport(ctx, {
    file,
    ...input,
    dryRun: Boolean(flags.dryRun),
    journal: flags.journal,
    failedOut: flags.failedOut,
    ifExists,
    maxOutageMs,
    argv,
  });
}
