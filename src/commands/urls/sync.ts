import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseDuration } from '../../input/duration.js';
import { parseColumnMap } from '../../input/link-columns.js';
import { action, examples, notes } from '../shared/action.js';
import { addInputOptions, commandLine, inputOptions, type InputFlags } from './bulk-options.js';

interface SyncFlags extends InputFlags {
  key: 'alias' | 'url';
  prune?: boolean;
  allowEmpty?: boolean;
  dryRun?: boolean;
  check?: boolean;
  journal?: string;
  maxOutage: string;
}

/** What run() takes: the argument and flags as the parser fills them. @public */
export interface SyncOptions extends SyncFlags {
  /** The `<file>` argument: a path, or - for stdin. */
  file: string;
  /** The command line as given, recorded in the journal. */
  argv?: string[];
}

/** `shorty urls sync FILE|-`: the account made to match a file; the work lives in src/bulk/sync, loaded only when it runs. */
export function register(group: Command, ctx: Context): void {
  const cmd = addInputOptions(
    group
      .command('sync <file>')
      .description("make the account's links match a file (FILE or - for stdin): plan, confirm, apply"),
  )
    .addOption(
      new Option(
        '--key <alias|url>',
        'what names a link in the file and the account: its alias, or its long URL (links without an alias)',
      )
        .choices(['alias', 'url'])
        .default('alias'),
    )
    .option('--prune', 'also delete the links of the account that no row of the file names')
    .option('--allow-empty', 'with --prune: accept a file with no rows (every link of the account is then deleted)')
    .option('--dry-run', 'print the plan and send nothing')
    .option('--check', 'print the plan, send nothing, and exit 1 when the account differs from the file (for CI)')
    .option(
      '--journal <file>',
      'record every write in FILE (as urls import does: `urls import --undo FILE` removes the links it created)',
    )
    .option(
      '--max-outage <duration>',
      'how long to keep waiting out a service that fails (refused, reset, timed out, 5xx) before stopping: 90s, 30m, 2h',
      '1h',
    )
    .action(
      action(ctx, (file: string, flags: SyncFlags, command: Command) =>
        run({ ...flags, file, argv: commandLine(command) }, ctx),
      ),
    );
  notes(
    cmd,
    [
      'The file is the links the account should have, in any format `urls import` reads (its columns, ' +
        "--map, --delimiter, --encoding). Each row is matched to the account's link with the same key: " +
        '--key alias (the default; every row needs an alias) or --key url (the long URL).',
      'The plan, before anything is sent (stdout):',
      '  + spring  https://example.com/spring    created: no link has this key',
      '  ~ summer  title: "Old" → "New"           updated: only what differs is sent',
      '  - winter  https://example.com/winter    deleted, with --prune: no row names it',
      '  ! row 7: why                            invalid: reported, never planned',
      'then the totals and the time at the current rate limit (stderr). An empty cell leaves that field ' +
        "as it is; a field the server's link list does not show (expiry, password, targets on most " +
        'servers) is set on links sync creates and left alone on the others. Without --prune, links only ' +
        'the account has are left alone. With invalid rows, --prune deletes nothing; ' +
        'a file with no rows (empty, blank, a header alone) is refused with --prune unless --allow-empty.',
      'The account is read in pages of 500 links (N links: ceil(N/500) requests), and nothing else is ' +
        'read: a file that matches costs those requests and no write.',
      'Apply: asks once on a terminal, needs -y otherwise; writes go out paced by the rate limit, riding ' +
        'out outages like urls import, one result line each (✓ created, ✓ updated, ✓ deleted, ✗ why). ' +
        'Ctrl-C stops after the writes on the wire; running the same command again reads the account ' +
        'again and applies only what is left (a create whose answer was lost is found, not sent twice).',
      '-o json (with --dry-run or --check) prints the plan as one JSON object instead, sorted by key so two ' +
        'runs diff cleanly: {key, creates: [{key, row, link: {alias, longurl, title, ...}}], updates: [{key, row, ' +
        'id, changes: [{field, old, new}]}], deletes: [{key, id, alias, longurl}], invalid: [{row, error}], ' +
        'unchanged, accountOnly, withheld, read: {links, requests}}. Values are in the syntax urls import reads; ' +
        'a password is never printed ("(set)", or changed: true).',
      'Exit status: 0 when the account matches the file (applied, or already), 1 when a row is invalid or ' +
        'a write failed (--check: when the account differs), 2 for unusable input (nothing sent), 130 when ' +
        'interrupted.',
    ].join('\n'),
  );
  examples(
    cmd,
    'shorty urls sync links.csv --dry-run',
    'shorty urls sync links.csv -y --journal sync.journal',
    'shorty urls sync links.csv --prune --check   # CI: exit 1 when it drifted',
    'shorty urls sync links.csv --dry-run -o json > plan.json',
    'shorty urls sync campaign.csv --key url --prune -y',
    'shorty urls export | shorty urls sync - --profile other -y',
  );
}

/** -o json is the plan as data, which only a run that applies nothing prints; any other -o is refused. */
function planAsData(ctx: Context, flags: SyncFlags): boolean {
  const output = ctx.globals.json ? 'json' : ctx.globals.output;
  if (output === undefined) return false;
  if (output === 'json' && (flags.dryRun || flags.check)) return true;
  throw new UsageError(
    output === 'json'
      ? 'urls sync prints the plan as JSON only with --dry-run or --check'
      : 'urls sync prints a plan and one line per change, or with -o json (and --dry-run or --check) the plan as data',
    output === 'json' ? 'add --dry-run to see the plan as JSON' : 'leave out -o, or use -o json --dry-run',
  );
}

/** @public the verb's seam: parsed options and a context, no parser; resolves to the exit code. */
export async function run({ file, argv, ...flags }: SyncOptions, ctx: Context): Promise<number> {
  const asData = planAsData(ctx, flags);
  const map = parseColumnMap(flags.map ?? []);
  const maxOutageMs = parseDuration(flags.maxOutage, '--max-outage');
  const [{ runSync }, input] = await Promise.all([
    import('../../bulk/sync/run.js'),
    inputOptions(flags, map, ctx.globals.delimiter),
  ]);
  return runSync(ctx, {
    file,
    ...input,
    key: flags.key,
    prune: Boolean(flags.prune),
    allowEmpty: Boolean(flags.allowEmpty),
    dryRun: Boolean(flags.dryRun),
    check: Boolean(flags.check),
    asData,
    journal: flags.journal,
    maxOutageMs,
    argv,
  });
}
