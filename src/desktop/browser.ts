// `--web`: the short URL in the user's browser. BROWSER wins (as git, gh and Python honour it:
// a list of commands separated like PATH, `%s` standing for the URL); otherwise the
// platform's opener. Found before any request, so a missing browser changes nothing.
import { spawn } from 'node:child_process';
import type { Finder } from './which.js';

export interface Launch {
  command: string;
  args: string[];
}

/** How to open a URL here, or undefined when nothing can. */
export function browserLauncher(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  find: Finder,
): ((url: string) => Launch) | undefined {
  for (const entry of (env.BROWSER ?? '').split(platform === 'win32' ? ';' : ':')) {
    const words = entry.trim().split(/\s+/).filter(Boolean);
    const command = words.length > 0 ? find(words[0]) : undefined;
    if (!command) continue;
    const rest = words.slice(1);
    return (url) => ({
      command,
      args: rest.some((w) => w.includes('%s')) ? rest.map((w) => w.replaceAll('%s', url)) : [...rest, url],
    });
  }
  if (platform === 'darwin') {
    const open = find('open');
    return open ? (url) => ({ command: open, args: [url] }) : undefined;
  }
  if (platform === 'win32') {
    // `start` would read `&` in a query string as a command separator; rundll32 takes the URL whole.
    const rundll = find('rundll32');
    return rundll ? (url) => ({ command: rundll, args: ['url.dll,FileProtocolHandler', url] }) : undefined;
  }
  const opener = find('xdg-open') ?? find('wslview');
  return opener ? (url) => ({ command: opener, args: [url] }) : undefined;
}

/**
 * Starts the browser and returns once it has started: a browser may run for hours, and a
 * terminal one would fight the shell for the terminal, so it is detached with no streams.
 */
export function launch({ command, args }: Launch): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
