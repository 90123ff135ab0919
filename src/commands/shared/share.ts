// `--web` and `--copy` on `urls add` and `urls get`. Both are found before any request: with no
// browser or clipboard the command stops with exit 2 and nothing is created. Neither writes to
// stdout, which stays data.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { EXIT, ShortyError, UsageError } from '../../errors.js';
import { terminalText } from '../../util/terminal-text.js';

export interface ShareFlags {
  web?: boolean;
  copy?: boolean;
}

export function addShareOptions(cmd: Command): Command {
  return cmd
    .option('--web', 'open the short URL in the browser (BROWSER, else the system opener)')
    .option(
      '--copy',
      'copy the short URL to the clipboard (through the terminal, else pbcopy/wl-copy/xclip/xsel/clip)',
    );
}

export type Share = (shortUrl: unknown) => Promise<void>;

/** Checks that what the flags ask for exists here; returns what to do with the short URL once known. */
export async function prepareShare(
  ctx: Context,
  flags: ShareFlags,
  platform: NodeJS.Platform = process.platform,
): Promise<Share | undefined> {
  if (!flags.web && !flags.copy) return undefined;
  const { pathFinder } = await import('../../desktop/which.js');
  const find = pathFinder(ctx.env, platform);
  const steps: Share[] = [];
  const note = (text: string) => (ctx.globals.quiet ? undefined : ctx.io.stderr.write(`${text}\n`));
  if (flags.web) {
    const { browserLauncher, launch } = await import('../../desktop/browser.js');
    const launcher = browserLauncher(ctx.env, platform, find);
    if (!launcher) {
      throw new UsageError(
        '--web: no browser found',
        'set BROWSER to the command that opens a URL (e.g. BROWSER=firefox), or install xdg-utils',
      );
    }
    steps.push(async (url) => {
      const command = launcher(String(url));
      try {
        await launch(command);
      } catch (err) {
        throw new ShortyError(`--web: could not start ${command.command}: ${(err as Error).message}`, EXIT.api);
      }
      note(`Opening ${terminalText(url)} in your browser.`);
    });
  }
  if (flags.copy) {
    const { copyTo, findClipboard } = await import('../../desktop/clipboard.js');
    const clipboard = findClipboard(ctx.io, ctx.env, platform, find);
    if (!clipboard) {
      throw new UsageError(
        '--copy: no clipboard: no terminal to copy through, and no clipboard tool found',
        'run it in a terminal, or install wl-copy (Wayland), xclip or xsel (X11)',
      );
    }
    steps.push(async (url) => {
      try {
        await copyTo(clipboard, String(url));
      } catch (err) {
        throw new ShortyError(`--copy: ${(err as Error).message}`, EXIT.api);
      }
      note(`Copied ${terminalText(url)} to the clipboard.`);
    });
  }
  return async (url) => {
    // The URL comes from the server: only a web address goes to the browser or the clipboard.
    if (typeof url !== 'string' || !isWebUrl(url)) {
      throw new ShortyError(
        `the answer carries no http(s) short URL to open or copy: ${terminalText(JSON.stringify(url ?? null))}`,
        EXIT.api,
      );
    }
    for (const step of steps) await step(url);
  };
}

function isWebUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
