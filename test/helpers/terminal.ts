// A command in a real pseudo-terminal (util-linux `script`), sized with `stty` before it starts.
import { execa } from 'execa';
import { join } from 'node:path';
import { assertNoSecret, BIN, tempDir, usedSecrets } from './cli.js';

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

/** What a view writes before each frame: home, then clear the screen. */
export const REDRAW = '\x1b[H\x1b[2J';

/**
 * The built `shorty ...args` in a pseudo-terminal of `size`, as a person runs it (a home and a
 * config folder of its own, TERM=xterm, a UTF-8 locale) with `env` on top; with `frames`, Ctrl-C
 * once that many frames of a view were drawn. What the terminal showed, checked for secrets.
 */
export async function shortyInTerminal(
  args: string[],
  size: string,
  env: Record<string, string>,
  frames?: number,
): Promise<{ exitCode: number; screen: string }> {
  const dir = tempDir('shorty-pty-');
  if (env.SHORTY_API_KEY) usedSecrets.add(env.SHORTY_API_KEY);
  const child = startInTerminal([process.execPath, BIN, ...args], size, {
    PATH: process.env.PATH,
    HOME: dir,
    TERM: 'xterm',
    LANG: 'C.UTF-8',
    SHORTY_CONFIG_DIR: join(dir, 'config'),
    ...env,
  });
  if (frames !== undefined) {
    let seen = '';
    let stopped = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      // A frame is complete once the next one starts; a second Ctrl-C would end the run at once.
      if (!stopped && seen.split(REDRAW).length > frames + 1) {
        stopped = true;
        child.stdin!.write('\x03');
      }
    });
  }
  const res = await child;
  const screen = screenOf(res.stdout);
  assertNoSecret(args, { stdout: screen, stderr: String(res.stderr) });
  return { exitCode: res.exitCode ?? -1, screen };
}
