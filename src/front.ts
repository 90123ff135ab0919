// The first module of every run (dist/shorty.cjs). Two requests need no command tree: the root
// help, whose text and page the build makes from the command tree with the same code that prints
// them here otherwise, and the version. Everything else loads the CLI (dist/cli.cjs) and runs it;
// so does any answer that could differ from what was made at build time.
import { fstatSync, writeSync } from 'node:fs';
import { Help } from 'commander';
import { HELP_SETTINGS, type HelpPage, layoutHelp } from './help/layout.js';
import { terminalSize } from './io.js';
import { VERSION } from './version.js';

declare const __SHORTY_ROOT_HELP__: string | undefined;
declare const __SHORTY_ROOT_HELP_PAGE__: string | undefined;

/** `shorty --help` as the CLI prints it when stdout is no terminal (80 columns, no colour). */
const ROOT_HELP = typeof __SHORTY_ROOT_HELP__ === 'string' ? __SHORTY_ROOT_HELP__ : undefined;

/** What stdout is, as far as the answer depends on it. */
export type Stdout =
  | { kind: 'file' }
  | { kind: 'terminal'; columns: number }
  /** A character device that is no terminal (/dev/full, /dev/null): left to the CLI. */
  | { kind: 'device' };

/** The text to print for argv when it is known without the CLI, else undefined. */
export function knownAnswer(argv: readonly string[], stdout: () => Stdout): string | undefined {
  if (argv.length !== 1) return undefined;
  const [word] = argv;
  if (word === '--version' || word === '-V') return `${VERSION}\n`;
  if (word !== '--help' && word !== '-h' && word !== 'help') return undefined;
  const out = stdout();
  if (out.kind === 'file') return ROOT_HELP;
  return out.kind === 'terminal' ? rootHelpAt(out.columns) : undefined;
}

/** The root help on a terminal of `columns`: the page laid out as the CLI lays it out, and what follows. */
function rootHelpAt(columns: number): string | undefined {
  if (typeof __SHORTY_ROOT_HELP_PAGE__ !== 'string') return undefined;
  const { page, after } = JSON.parse(__SHORTY_ROOT_HELP_PAGE__) as { page: HelpPage; after: string };
  const helper = Object.assign(new Help(), HELP_SETTINGS);
  helper.prepareContext({ helpWidth: columns });
  return layoutHelp(page, helper) + after;
}

export function run(argv: string[]): void {
  const text = knownAnswer(argv, stdoutKind);
  if (text === undefined) cli(argv);
  else write(text, argv);
}

/**
 * Writes the text with write(2) itself: creating process.stdout loads net or the fs streams, a
 * tenth of the start. What write(2) did not take (a pipe left non-blocking and full, a reader
 * gone, a full disk) goes through the stream, which waits for a full pipe; a failure there is
 * left to the CLI, which writes the text again to the stream that keeps the first error (a
 * stream that failed writes no more) and reports that error by its rules.
 */
function write(text: string, argv: string[]): void {
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done);
    return;
  } catch {
    // the rest goes through the stream
  }
  process.stdout.on('error', () => {});
  process.stdout.write(bytes.subarray(done), (err) => {
    if (err) cli(argv);
  });
}

/**
 * A pipe, a socket or a file is no terminal, told by fstat: node:tty would load net and the
 * streams, what the whole answer costs. A character device may be one: then the terminal's width,
 * by the CLI's rule (its own report, else COLUMNS, else 80).
 */
function stdoutKind(): Stdout {
  try {
    if (!fstatSync(1).isCharacterDevice()) return { kind: 'file' };
  } catch {
    return { kind: 'device' };
  }
  if (!process.stdout.isTTY) return { kind: 'device' };
  return { kind: 'terminal', columns: terminalSize(process.stdout.columns, process.env.COLUMNS, 80) };
}

function cli(argv: string[]): void {
  void import('./entry.js').then((entry) => entry.run(argv));
}
