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

export function run(argv: string[]): void {
  const text = knownAnswer(argv, stdoutMayBeTerminal);
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
 * A character device may be a terminal; a pipe, a socket or a file is not. (node:tty would tell
 * for sure, but it loads net and the streams: what the whole answer costs.)
 */
function stdoutMayBeTerminal(): boolean {
  try {
    return fstatSync(1).isCharacterDevice();
  } catch {
    return true;
  }
}

function cli(argv: string[]): void {
  void import('./entry.js').then((entry) => entry.run(argv));
}
