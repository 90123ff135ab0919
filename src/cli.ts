import { Command, CommanderError, Option } from 'commander';
import type { Context, GlobalOptions, Host } from './context.js';
import { createContext } from './factory.js';
import { CancelError, OutputError, ShortyError, EXIT } from './errors.js';
import { isFileError, unexpectedFileError } from './file-errors.js';
import { colorEnabled } from './io.js';
import { forTerminal } from './util/terminal-text.js';
import { withinMessageSize } from './util/message-size.js';
import { rewordParserError } from './parser-errors.js';
import { formatHelp } from './help/format.js';
import { HELP_SETTINGS } from './help/layout.js';
import { registerCommands } from './commands/index.js';
import { checkSurface } from './commands/shared/surface.js';
import { OUTPUT_FORMATS } from './settings/types.js';
import { VERSION } from './version.js';

const GLOBAL_KEYS: (keyof GlobalOptions)[] = [
  'output',
  'json',
  'fields',
  'quiet',
  'color',
  'debug',
  'yes',
  'wait',
  'profile',
  'baseUrl',
  'apiKey',
  'rateLimit',
  'rateStore',
  'timeout',
  'insecure',
  'excelSafe',
  'excel',
  'bom',
  'delimiter',
  'headers',
];

/**
 * Builds the command tree. Definitions only: each action loads its module when it runs. Given
 * the run's argv, only the part that run can reach is built in full (see registerCommands).
 */
export function buildProgram(ctx: Context, argv?: readonly string[]): Command {
  const program = new Command('shorty');
  program
    .description('Shorten links and manage them from your terminal, scripts and CI jobs.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .addOption(
      new Option('-o, --output <format>', 'output format (default: table on a TTY, tsv otherwise)').choices(
        OUTPUT_FORMATS,
      ),
    )
    .option('--json', 'same as -o json')
    .option('--fields <a,b,c>', 'keep these fields, in this order (dotted paths allowed)')
    .option('-q, --quiet', 'print only the essential value (short URL or id), one per line')
    .option('--no-color', 'disable colours (also NO_COLOR)')
    .option('--debug', 'log every request and response to stderr (also SHORTY_DEBUG=1)')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--no-wait', 'exit 4 instead of waiting for the rate limit')
    .option('--profile <name>', 'config profile to use (also SHORTY_PROFILE)')
    .option('--base-url <url>', 'service base URL (also SHORTY_BASE_URL)')
    .option('--api-key <key>', 'API key (discouraged: visible in ps; use SHORTY_API_KEY or shorty login)')
    .option('--rate-limit <n/ws>', 'client rate limit, e.g. 30/60s (also SHORTY_RATE_LIMIT)')
    .option(
      '--rate-store <url>',
      'share the rate limit across machines through Redis: redis://[user:pass@]host:port[/db] (also SHORTY_RATE_STORE)',
    )
    .option('--timeout <seconds>', 'request timeout in seconds (also SHORTY_TIMEOUT)')
    .option('--insecure', 'allow http:// to a host that is not loopback')
    .option('--no-headers', 'table, csv, tsv: leave out the header row (for scripts that read rows)')
    .option('--excel-safe', "csv/tsv: prefix cells starting with = + - @ with ' so spreadsheets do not run them")
    .option(
      '--excel',
      'csv for Excel on any locale: UTF-16 with a byte order mark, tab-separated, formula cells marked as --excel-safe (implies -o csv; why: shorty help formats)',
    )
    .option('--bom', 'csv/tsv: start with a UTF-8 byte order mark (Excel then reads the text as UTF-8)')
    .option(
      '--delimiter <char>',
      'csv field delimiter written: , ; | or tab (urls import and sync also read their input with it; default: detected)',
    )
    .showSuggestionAfterError(true)
    .configureHelp({ ...HELP_SETTINGS, formatHelp })
    .exitOverride()
    .configureOutput({
      writeOut: (s) => void ctx.io.stdout.write(s),
      writeErr: (s) => void ctx.io.stderr.write(s),
      // From our IO, not from process.stdout as by default: tests run with an in-memory IO.
      getOutHelpWidth: () => ctx.io.columns ?? 80, // commander's width when not a terminal
      getOutHasColors: () => colorEnabled(ctx.io, ctx.env, undefined),
    });

  program.hook('preAction', (_program, command) => {
    const opts = program.opts<GlobalOptions>();
    for (const key of GLOBAL_KEYS) {
      if (opts[key] !== undefined) (ctx.globals as Record<string, unknown>)[key] = opts[key];
    }
    if (ctx.globals.json) ctx.globals.output = 'json';
    checkSurface(ctx, command);
  });

  registerCommands(program, ctx, argv);
  program.addHelpText(
    'after',
    `
Examples:
  $ shorty login
  $ shorty urls add https://example.com/a/very/long/path -q
  $ shorty urls list --all -o csv > links.csv
  $ shorty urls import links.csv --journal import.journal
  $ shorty sandbox            # the whole API on your machine, no account needed
  $ shorty help urls add      # the same as: shorty urls add --help
`,
  );
  speakShorty(program, ctx);
  return program;
}

/**
 * Every command reports its parse errors as shorty does (`shorty: ...`, `hint: ...`). Commander
 * hands its error text to the command whose parse failed, then throws the error with its code:
 * the command is noted here and the error is worded in reportError, from its code.
 */
const failedParse = new WeakMap<Context, Command>();

function speakShorty(cmd: Command, ctx: Context): void {
  cmd.configureOutput({ outputError: () => void failedParse.set(ctx, cmd) });
  for (const sub of cmd.commands) speakShorty(sub, ctx);
}

/** A parse error as shorty says it: `shorty: <message>` and an optional `hint:` line. */
export function parserErrorLines(err: CommanderError, ctx: Context): string {
  const cmd = failedParse.get(ctx);
  const { message, hint } = cmd ? rewordParserError(err, cmd) : { message: err.message, hint: undefined };
  return `shorty: ${message}\n${hint ? `hint: ${hint}\n` : ''}`;
}

/** Runs the CLI; the one place that turns errors into exit codes and `shorty: ...` lines. */
export async function main(argv: string[], host: Host): Promise<number> {
  const ctx = createContext(host);
  const program = buildProgram(ctx, argv);
  try {
    await program.parseAsync(argv, { from: 'user' });
    await outputHandedOver(ctx);
    return ctx.signal.reason instanceof OutputError ? reportError(ctx.signal.reason, ctx) : (ctx.exitCode ?? 0);
  } catch (err) {
    await outputHandedOver(ctx);
    return reportError(err, ctx);
  } finally {
    await ctx.close();
  }
}

/** Resolves once stdout took all that was written: a write that failed is known by then. */
function outputHandedOver(ctx: Context): Promise<void> {
  return new Promise((resolve) => ctx.io.flush(resolve));
}

/**
 * When stdout or stderr failed, what the command threw is mostly a consequence (a rejected write,
 * a request cut short): the failed stream is the cause. A command's own verdict still wins: an
 * error it reported (an import that says which rows were not sent), a usage error.
 */
function causeOf(err: unknown, ctx: Context): unknown {
  const output = ctx.signal.reason;
  if (!(output instanceof OutputError)) return err;
  if (err instanceof ShortyError && !(err instanceof CancelError)) return err;
  if (err instanceof CommanderError && err.exitCode !== 0 && err.code !== 'commander.help') return err;
  return output;
}

function reportError(thrown: unknown, ctx: Context): number {
  const err = causeOf(thrown, ctx);
  const debug = Boolean(ctx.globals.debug) || ctx.env.SHORTY_DEBUG === '1';
  const write = (s: string) => void ctx.io.stderr.write(s);
  if (err instanceof CommanderError) {
    // Help and version exit 0, and so does a bare group (`shorty urls`), which shows its help
    // like gh does.
    if (err.exitCode === 0 || err.code === 'commander.help') return 0;
    write(parserErrorLines(err, ctx));
    return EXIT.usage;
  }
  // A message may quote a server (which may echo a secret, send escape sequences, or megabytes):
  // redacted before it is cut, so that no part of a secret is left for the cut to reveal.
  const safe = (s: string) => forTerminal(ctx.secrets.redact(s));
  const shown = (s: string) => forTerminal(oneLine(withinMessageSize(ctx.secrets.redact(s))));
  const stack = (s: string) => s.split('\n').map(safe).join('\n');
  if (err instanceof OutputError) {
    // `| head`: the reader had what it wanted. A failed stderr can't take the line.
    if (err.readerLeft) return 0;
    if (err.stream === 'stdout') write(`shorty: ${shown(err.message)}\n`);
    return err.exitCode;
  }
  const report = (e: ShortyError, cause: Error = e): number => {
    write(`shorty: ${shown(e.message)}\n`);
    if (e.hint) write(`hint: ${shown(e.hint)}\n`);
    if (debug && cause.stack) write(`${stack(cause.stack)}\n`);
    return e.exitCode;
  };
  if (err instanceof ShortyError) return report(err);
  if (isFileError(err)) return report(unexpectedFileError(err), err);
  const message = err instanceof Error ? err.message : String(err);
  write(`shorty: unexpected error: ${shown(message)}\n`);
  if (debug && err instanceof Error && err.stack) write(`${stack(err.stack)}\n`);
  else write('hint: run again with --debug for details\n');
  return EXIT.api;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}
