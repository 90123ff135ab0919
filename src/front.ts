// The first module of every run (dist/shorty.cjs). Two requests need no command tree: the root
// help, whose text the build renders from the command tree with the same code that prints it here
// otherwise, and the version. Everything else loads the CLI (dist/cli.cjs) and runs it; so does
// any answer that could differ from the text made at build time.
import { fstatSync, writeSync } from 'node:fs';
import { VERSION } from './version.js';

declare const __SHORTY_ROOT_HELP__: string | undefined;

/** `shorty --help` as the CLI prints it when stdout is no terminal (80 columns, no colour). */
const ROOT_HELP = typeof __SHORTY_ROOT_HELP__ === 'string' ? __SHORTY_ROOT_HELP__ : undefined;

/** The text to print for argv when it is known without the CLI, else undefined. */
export function knownAnswer(argv: readonly string[], stdoutIsTerminal: () => boolean): string | undefined {
  if (argv.length !== 1) return undefined;
  const [word] = argv;
  if (word === '--version' || word === '-V') return `${VERSION}\n`;
  // On a terminal the help is wrapped to its width: the CLI renders it.
  if ((word === '--help' || word === '-h' || word === 'help') && ROOT_HELP && !stdoutIsTerminal()) return ROOT_HELP;
  return undefined;
}

/**
 * A character device may be a terminal; a pipe, a file or a socket is not. (node:tty would tell
 * for sure, but it loads net and the streams: the price of the whole CLI's start.)
 */
function stdoutMayBeTerminal(): boolean {
  try {
    return fstatSync(1).isCharacterDevice();
  } catch {
    return true;
  }
}

export function run(argv: string[]): void {
  const text = knownAnswer(argv, stdoutMayBeTerminal);
  if (text !== undefined && writtenWhole(text)) return;
  void import('./entry.js').then((cli) => cli.run(argv));
}

/**
 * Writes the text to stdout without creating the stream (which loads net or the fs streams). A
 * failure leaves it to the CLI, which writes the text again and reports the failure by its rules
 * (a closed pipe, a full disk). A help of 4 KB goes into a pipe in one write; only a disk that
 * fills in the middle of it could leave part of it there, and then the CLI's write fails too.
 */
function writtenWhole(text: string): boolean {
  const bytes = Buffer.from(text);
  try {
    for (let done = 0; done < bytes.length; ) done += writeSync(1, bytes, done);
    return true;
  } catch {
    return false;
  }
}
