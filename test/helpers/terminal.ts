// A command in a real pseudo-terminal (util-linux `script`), sized with `stty` before it starts.
import { execa } from 'execa';

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * Starts `argv` in a pseudo-terminal of `size` (`stty` words: `cols 80 rows 24`; `cols 0 rows 0`
 * for one that reports no size), with `env` alone. The child's stdout is what the terminal showed,
 * to its last byte.
 */
export function startInTerminal(argv: readonly string[], size: string, env: Record<string, string | undefined>) {
  return execa('/usr/bin/script', ['-qfec', `stty ${size}; exec ${argv.map(quote).join(' ')}`, '/dev/null'], {
    env,
    extendEnv: false,
    reject: false,
    stripFinalNewline: false,
  });
}

/** What a terminal showed, with the line ends a program wrote (the terminal turns \n into \r\n). */
export function screenOf(shown: unknown): string {
  return String(shown).replace(/\r\n/g, '\n');
}
